import clsx from 'clsx';
import { Link, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/ui/not-found-page';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useFinanceMembership, useSupportMembership } from '@/lib/groups';

/** The console's sections; Users holds the search and each user's page. */
const SECTIONS = [
  { to: '/support', label: 'Users', matches: /^\/support(\/users\/.*)?$/ },
  { to: '/support/disputes', label: 'Disputes' },
  { to: '/support/reports', label: 'Reports' },
  { to: '/support/dead-letters', label: 'Dead letters' },
  { to: '/support/audit', label: 'Audit log' },
] as const;

function Sections({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Support console" className="rounded-xl bg-slate-100 p-1">
      <ul className="flex flex-wrap gap-1">
        {SECTIONS.map((section) => {
          const current = 'matches' in section ? section.matches.test(pathname) : pathname.startsWith(section.to);
          return (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'block rounded-md px-3 py-2 text-sm font-medium',
                  current ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-white hover:text-brand-700',
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The console's frame: its sections for the support group, the audit log alone for finance, and the
 * 404 page for everyone else, signed in or not (the console does not say it exists). The API checks
 * the group and the two-step sign-in again on every request.
 */
export function SupportLayout() {
  const { loading } = useAuth();
  const support = useSupportMembership();
  const finance = useFinanceMembership();
  const pathname = useLocation().pathname.replace(/\/$/, '');
  const atAudit = pathname === '/support/audit';
  if (loading || support === undefined || finance === undefined) return <Spinner />;
  if (!support && !(finance && atAudit)) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      {support && <Sections pathname={pathname} />}
      <Outlet />
    </div>
  );
}
