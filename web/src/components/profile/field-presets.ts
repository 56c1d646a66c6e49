import { PROFILE_TEXT_LIMITS } from '@functions/schemas/profile';

/**
 * The fixed attributes of fields that several forms show, spread into a TextField beside the
 * form's own `error` and `register(...)`. Props, not components: a form's own fields register in
 * its body, before any child component's, and react-hook-form focuses a failed submit's first
 * field in that order.
 */
export const FIRST_NAME_FIELD = {
  label: 'First name',
  autoComplete: 'given-name',
  required: true,
  maxLength: PROFILE_TEXT_LIMITS.name,
} as const;

export const LAST_NAME_FIELD = { ...FIRST_NAME_FIELD, label: 'Last name', autoComplete: 'family-name' } as const;

export const HOURLY_RATE_FIELD = {
  label: 'Hourly rate (USD)',
  type: 'number',
  inputMode: 'numeric',
  min: 1,
  step: 1,
  required: true,
} as const;
