import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 text-brand-700 bg-white hover:bg-brand-50',
  light: 'bg-white text-brand-800 hover:bg-brand-50',
} as const;

/** A link styled as a button: every call to action in the app. */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: keyof typeof variants }) {
  return (
    <Link
      className={clsx(
        'inline-flex items-center justify-center rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
