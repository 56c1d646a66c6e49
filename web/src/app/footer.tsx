import { Link } from 'react-router';
import { useConfig } from '@/lib/config';
import { FOOTER_LINKS } from './navigation';

export function Footer() {
  const { supportEmail } = useConfig();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="text-lg font-bold text-white">Physician Mentors</p>
          <p className="mt-2 text-sm text-brand-100">
            Founded by physicians, for physicians: one-on-one mentoring for leadership, career transitions and a
            sustainable life in medicine.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-50 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-brand-100">
          Questions? Write to{' '}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-white underline underline-offset-4">
            {supportEmail}
          </a>
        </p>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} Physician Mentors. Mentoring is career guidance, not medical advice.
      </p>
    </footer>
  );
}
