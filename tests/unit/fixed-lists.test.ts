import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_EXPERIENCE_THRESHOLDS,
  EARLIER_EXPERIENCE_BANDS,
  experienceLabel,
  experienceThresholdLabel,
  LANGUAGES,
  MEDICAL_SPECIALTIES,
  MENTOR_EXPERIENCE_CHOICES,
  MENTORING_AREAS,
  SETTINGS_TIME_ZONES,
  timeZoneDisplayName,
} from '../../functions/domain/fixed-lists';

const alphabetical = (list: readonly string[]) => [...list].sort((a, b) => a.localeCompare(b, 'en'));

describe('medical specialties', () => {
  it('has 57 distinct entries, alphabetical, with Other last', () => {
    expect(MEDICAL_SPECIALTIES).toHaveLength(57);
    expect(new Set(MEDICAL_SPECIALTIES).size).toBe(57);
    expect(MEDICAL_SPECIALTIES.at(-1)).toBe('Other');
    const named = MEDICAL_SPECIALTIES.slice(0, -1);
    expect(named).toEqual(alphabetical(named));
  });
});

describe('mentoring areas', () => {
  it('are exactly the twelve areas of the spec, in its order', () => {
    expect(MENTORING_AREAS).toEqual([
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
    ]);
  });
});

describe('languages', () => {
  it('has 33 distinct entries, English first, the rest alphabetical, Other last', () => {
    expect(LANGUAGES).toHaveLength(33);
    expect(new Set(LANGUAGES).size).toBe(33);
    expect(LANGUAGES[0]).toBe('English');
    expect(LANGUAGES.at(-1)).toBe('Other');
    const middle = LANGUAGES.slice(1, -1);
    expect(middle).toEqual(alphabetical(middle));
  });
});

describe('experience', () => {
  it('offers mentors the sign-up choices 5-10 to 20+ years', () => {
    expect(MENTOR_EXPERIENCE_CHOICES.map(experienceLabel)).toEqual([
      '5-10 years',
      '10-15 years',
      '15-20 years',
      '20+ years',
    ]);
  });

  it('keeps the profile bands of spec section 3 that are not sign-up choices, for profiles that hold one', () => {
    expect(EARLIER_EXPERIENCE_BANDS).toEqual(['0-5', '15+']);
  });

  it('filters the directory at 10+, 15+ and 20+ years', () => {
    expect(DIRECTORY_EXPERIENCE_THRESHOLDS.map(experienceThresholdLabel)).toEqual([
      '10+ years',
      '15+ years',
      '20+ years',
    ]);
  });
});

describe('settings time zones', () => {
  it('are twelve zones that luxon knows', () => {
    expect(SETTINGS_TIME_ZONES).toHaveLength(12);
    expect(SETTINGS_TIME_ZONES.filter((zone) => !IANAZone.isValidZone(zone))).toEqual([]);
  });

  it('each have a friendly display name', () => {
    expect(SETTINGS_TIME_ZONES.map(timeZoneDisplayName)).toEqual([
      'Eastern',
      'Central',
      'Mountain',
      'Pacific',
      'Arizona',
      'Hawaii',
      'Alaska',
      'London',
      'Central European',
      'Japan',
      'China',
      'Sydney',
    ]);
  });

  it('shows any other zone, including the directory default UTC, as its raw identifier', () => {
    expect(timeZoneDisplayName('UTC')).toBe('UTC');
    expect(timeZoneDisplayName('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('does not mistake inherited object keys for zones', () => {
    expect(timeZoneDisplayName('toString')).toBe('toString');
  });
});
