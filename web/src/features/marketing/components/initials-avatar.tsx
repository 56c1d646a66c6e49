import clsx from 'clsx';

const sizes = { md: 'h-20 w-20 text-2xl', lg: 'h-32 w-32 text-4xl' } as const;

/** A founder's or featured mentor's monogram, standing in for a headshot on the static pages. */
export function InitialsAvatar({ name, initials, size }: { name: string; initials: string; size: keyof typeof sizes }) {
  return (
    <div
      role="img"
      aria-label={`Monogram of ${name}`}
      className={clsx(
        'grid flex-none place-items-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 font-bold text-white shadow-sm ring-4 ring-brand-50',
        sizes[size],
      )}
    >
      {initials}
    </div>
  );
}
