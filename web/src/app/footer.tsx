import { Link } from 'react-router';
import { runtimeConfig } from '@/lib/config';
import { FOOTER_LINKS } from './navigation';

export function Footer() {
  const { supportEmail } = runtimeConfig();
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-[2fr_1fr_1.5fr]">
        <div className="max-w-sm sm:col-span-2 md:col-span-1">
          <p className="text-lg font-bold text-white">Physician Mentors</p>
          <p className="mt-2 text-sm text-brand-100">
            Founded by physicians, for physicians: one-on-one mentoring for leadership, career transitions and a
            sustainable life in medicine.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-50 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm text-brand-100">
          <p>Questions about mentoring, a booking or your account? Write to us:</p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-1 block break-words font-semibold text-white underline underline-offset-4"
          >
            {supportEmail}
          </a>
        </div>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} Physician Mentors. Mentoring is career guidance, not medical advice.
      </p>
    </footer>
  );
}
