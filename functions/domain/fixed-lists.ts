/** The fixed choice lists of the forms and the directory (spec section 3, 'Fixed lists'). */

/** Alphabetical; 'No specific specialty / General practice' is stored as 'Other'. */
export const MEDICAL_SPECIALTIES = [
  'Addiction Medicine',
  'Allergy and Immunology',
  'Anesthesiology',
  'Cardiology',
  'Cardiothoracic Surgery',
  'Child and Adolescent Psychiatry',
  'Colon and Rectal Surgery',
  'Critical Care Medicine',
  'Dermatology',
  'Emergency Medicine',
  'Endocrinology',
  'Family Medicine',
  'Forensic Pathology',
  'Gastroenterology',
  'General Surgery',
  'Geriatric Medicine',
  'Hematology',
  'Hospice and Palliative Medicine',
  'Hospital Medicine',
  'Infectious Disease',
  'Internal Medicine',
  'Interventional Radiology',
  'Maternal-Fetal Medicine',
  'Medical Genetics',
  'Neonatology',
  'Nephrology',
  'Neurological Surgery',
  'Neurology',
  'Nuclear Medicine',
  'Obstetrics and Gynecology',
  'Occupational Medicine',
  'Oncology',
  'Ophthalmology',
  'Orthopedic Surgery',
  'Otolaryngology',
  'Pain Medicine',
  'Pathology',
  'Pediatric Surgery',
  'Pediatrics',
  'Physical Medicine and Rehabilitation',
  'Plastic Surgery',
  'Preventive Medicine',
  'Psychiatry',
  'Public Health',
  'Pulmonology',
  'Radiation Oncology',
  'Radiology',
  'Reproductive Endocrinology and Infertility',
  'Rheumatology',
  'Sleep Medicine',
  'Sports Medicine',
  'Transplant Surgery',
  'Trauma Surgery',
  'Urgent Care Medicine',
  'Urology',
  'Vascular Surgery',
  'Other',
] as const;
export type MedicalSpecialty = (typeof MEDICAL_SPECIALTIES)[number];

/** In the spec's order, which is the order the checkboxes show. */
export const MENTORING_AREAS = [
  'Clinical Skills',
  'Research & Publications',
  'Leadership Development',
  'Work-Life Balance',
  'Career Transition',
  'Practice Management',
  'Teaching & Education',
  'Burnout Prevention',
  'Communication Skills',
  'Procedure Training',
  'Academic Medicine',
  'Private Practice',
] as const;
export type MentoringArea = (typeof MENTORING_AREAS)[number];

/** English first because it is the default language of every profile. */
export const LANGUAGES = [
  'English',
  'Arabic',
  'Bengali',
  'Cantonese',
  'Dutch',
  'Farsi',
  'French',
  'German',
  'Greek',
  'Gujarati',
  'Haitian Creole',
  'Hebrew',
  'Hindi',
  'Italian',
  'Japanese',
  'Korean',
  'Malayalam',
  'Mandarin',
  'Polish',
  'Portuguese',
  'Punjabi',
  'Russian',
  'Spanish',
  'Swahili',
  'Tagalog',
  'Tamil',
  'Telugu',
  'Thai',
  'Turkish',
  'Ukrainian',
  'Urdu',
  'Vietnamese',
  'Other',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Years of practice a mentor picks, at sign-up and in Settings alike (spec section 9). */
export const MENTOR_EXPERIENCE_CHOICES = ['5-10', '10-15', '15-20', '20+'] as const;
/**
 * The profile bands of spec section 3 that are not sign-up choices: no longer offered, but a
 * profile that holds one keeps it (and may save it again) until the mentor picks another.
 */
export const EARLIER_EXPERIENCE_BANDS = ['0-5', '15+'] as const;
/** The directory's experience filter: at least this many years. */
export const DIRECTORY_EXPERIENCE_THRESHOLDS = ['10', '15', '20'] as const;
export type DirectoryExperienceThreshold = (typeof DIRECTORY_EXPERIENCE_THRESHOLDS)[number];

/** '5-10' → '5-10 years', '20+' → '20+ years'. */
export const experienceLabel = (choice: string) => `${choice} years`;
/** '10' → '10+ years'. */
export const experienceThresholdLabel = (threshold: DirectoryExperienceThreshold) => `${threshold}+ years`;

export const SETTINGS_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'Pacific/Honolulu',
  'America/Anchorage',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Australia/Sydney',
] as const;
export type SettingsTimeZone = (typeof SETTINGS_TIME_ZONES)[number];

const timeZoneDisplayNames: Record<SettingsTimeZone, string> = {
  'America/New_York': 'Eastern',
  'America/Chicago': 'Central',
  'America/Denver': 'Mountain',
  'America/Los_Angeles': 'Pacific',
  'America/Phoenix': 'Arizona',
  'Pacific/Honolulu': 'Hawaii',
  'America/Anchorage': 'Alaska',
  'Europe/London': 'London',
  'Europe/Paris': 'Central European',
  'Asia/Tokyo': 'Japan',
  'Asia/Shanghai': 'China',
  'Australia/Sydney': 'Sydney',
};

const isSettingsTimeZone = (zone: string): zone is SettingsTimeZone => Object.hasOwn(timeZoneDisplayNames, zone);

/** A friendly name for the 12 zones of the settings list; any other zone shows its identifier. */
export const timeZoneDisplayName = (zone: string): string =>
  isSettingsTimeZone(zone) ? timeZoneDisplayNames[zone] : zone;
