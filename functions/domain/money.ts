/** Money is stored in cents and shown in whole dollars (spec section 9). */
export const formatWholeDollars = (cents: number): string => `$${Math.round(cents / 100)}`;

/** "$180.00": an amount someone must be able to check to the cent (a minimum price, money held). */
export const formatDollarsAndCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
