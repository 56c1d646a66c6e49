/** Money is stored in cents and shown in whole dollars (spec section 9). */
export const formatWholeDollars = (cents: number): string => `$${Math.round(cents / 100)}`;
