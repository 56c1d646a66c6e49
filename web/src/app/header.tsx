import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { useUnread } from '@/features/messages/api/messages';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { useIsFinanceMember, useIsSupportMember } from '@/lib/groups';
import { MAIN_LINKS } from './navigation';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    // Staff see one or two links more: from 1280 px the header keeps each on one line.
    'block rounded-md px-3 py-2 text-sm font-medium xl:whitespace-nowrap xl:px-2.5',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50 hover:text-brand-700',
  );

/** The Messages link, with the count of unread messages, asked again on every page. */
function MessagesLink({ onNavigate }: { onNavigate?: () => void }) {
  const count = useUnread(true).data ?? 0;
  return (
    <NavLink to="/messages" className={navLinkClass} onClick={onNavigate}>
      <span className="inline-flex items-center gap-1.5">
        Messages
        {count > 0 && (
          <span className="rounded-full bg-red-700 px-1.5 py-0.5 text-xs font-semibold leading-none text-white">
            {count > 99 ? '99+' : count}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
    </NavLink>
  );
}

function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user, loading, signOut } = useAuth();
  const financeMember = useIsFinanceMember();
  const supportMember = useIsSupportMember();
  if (loading) return null;
  if (!user) {
    return (
      <>
        <ButtonLink to="/login" variant="secondary" onClick={onNavigate}>
          Sign In
        </ButtonLink>
        <ButtonLink to="/register" onClick={onNavigate}>
          Get Started
        </ButtonLink>
      </>
    );
  }
  return (
    <>
      <NavLink to="/dashboard" className={navLinkClass} onClick={onNavigate}>
        My Sessions
      </NavLink>
      <MessagesLink onNavigate={onNavigate} />
      <NavLink to="/settings" className={navLinkClass} onClick={onNavigate}>
        Settings
      </NavLink>
      {financeMember && (
        <NavLink to="/finance" className={navLinkClass} onClick={onNavigate}>
          Finance
        </NavLink>
      )}
      {supportMember && (
        <NavLink to="/support" className={navLinkClass} onClick={onNavigate}>
          Support
        </NavLink>
      )}
      <Button
        variant="secondary"
        className="xl:whitespace-nowrap"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        Sign Out
      </Button>
    </>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { user } = useAuth();
  const unread = useUnread(Boolean(user)).data ?? 0;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    setMenuOpen(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.me.unread() });
  }, [location.pathname, queryClient]);
  const close = () => setMenuOpen(false);

  // Escape closes the phone menu from anywhere in it and hands focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800 xl:whitespace-nowrap">
          <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-white" aria-hidden="true">
            +
          </span>
          Physician Mentors
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountLinks />
        </div>
        <button
          ref={menuButton}
          type="button"
          className="rounded-md p-2 text-slate-700 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={`${menuOpen ? 'Close menu' : 'Open menu'}${unread > 0 ? ` (${unread} unread messages)` : ''}`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="relative block">
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            {unread > 0 && !menuOpen && (
              <span className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-red-700" aria-hidden="true" />
            )}
          </span>
        </button>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 px-4 pb-4 md:hidden">
        <nav aria-label="Mobile">
          <ul className="flex flex-col py-2">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={navLinkClass} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <AccountLinks onNavigate={close} />
        </div>
      </div>
    </header>
  );
}
