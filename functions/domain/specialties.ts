import type { MedicalSpecialty } from './fixed-lists';

/** The form's label for having no specialty; the profile stores it as 'Other' (spec section 2, Profile tab). */
export const NO_SPECIFIC_SPECIALTY = 'No specific specialty / General practice';

export const SAME_SPECIALTY_MESSAGE = 'Your secondary specialty cannot be the same as your primary specialty.';

export const storedSpecialty = (choice: MedicalSpecialty | typeof NO_SPECIFIC_SPECIALTY): MedicalSpecialty =>
  choice === NO_SPECIFIC_SPECIALTY ? 'Other' : choice;

export const specialtiesClash = (primary: string | null | undefined, secondary: string | null | undefined) =>
  Boolean(primary) && primary === secondary;
