import { DomainError } from './errors';

/**
 * How many of each mail-sending action one mentee may take in a UTC day: a book-and-cancel loop of
 * free consultations would otherwise send a coach mail after mail carrying the booker's text.
 */
export const DAILY_QUOTAS = {
  freeConsultationBookings: 3,
  cancellations: 10,
} as const;

export type QuotaKind = keyof typeof DAILY_QUOTAS;

/** The UTC day a use counts against. */
export const quotaDay = (now: Date) => now.toISOString().slice(0, 10);

export function quotaExceeded(kind: QuotaKind): DomainError {
  const what = kind === 'freeConsultationBookings' ? 'free consultations' : 'cancellations';
  return new DomainError(
    'QUOTA_EXCEEDED',
    `You can make at most ${DAILY_QUOTAS[kind]} ${what} a day. Please try again tomorrow.`,
  );
}
