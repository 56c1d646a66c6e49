/** The coaching tab's cards that other parts of the tab send the mentor to. */
export const COACHING_SECTIONS = {
  rates: 'coaching-rates',
  plan: 'coaching-plan',
  availability: 'coaching-availability',
  payments: 'coaching-payments',
} as const;
