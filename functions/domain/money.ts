/** "$180.00": an amount someone must be able to check to the cent (a minimum price, money held). */
export const formatDollarsAndCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * A price as people read it: whole dollars when it has no cents ("$75", spec section 9), and to the
 * cent when it has ("$37.50" for 30 minutes at $75 an hour), never rounded to a sum nobody pays.
 */
export const formatPrice = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : formatDollarsAndCents(cents);

/** An hourly rate on a coach's card: whole dollars, as the spec shows it (section 9), stray cents rounded. */
export const formatWholeDollars = (cents: number): string => `$${Math.round(cents / 100)}`;
