import { describe, expect, it } from 'vitest';
import {
  coachDisplay,
  filterCoaches,
  hourlyRateLabel,
  matchesSearch,
  matchesSpecialty,
  meetsExperience,
  pageOf,
  rememberingFilter,
} from '../../functions/domain/directory';
import { DomainError } from '../../functions/domain/errors';
import type { Coach } from '../../functions/schemas/coach';

const coach = (overrides: Partial<Coach> = {}): Coach => ({
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Okafor',
  credentials: 'MD, MBA',
  subtitle: null,
  specialty: 'Cardiology',
  secondarySpecialty: 'Internal Medicine',
  experience: '15-20',
  location: null,
  hourlyRateCents: 15000,
  coachBio: null,
  bio: null,
  areasOfInterest: ['Leadership Development', 'Career Transition'],
  languages: ['English', 'Spanish'],
  timezone: 'UTC',
  headshotUrl: null,
  averageRating: 0,
  totalRatings: 0,
  offersFreeConsult: false,
  freeConsultMinutes: 15,
  calendlyUrl: null,
  ...overrides,
});

describe('matchesSearch', () => {
  const ada = coach();

  it('matches every coach when the search is empty or blank', () => {
    expect(matchesSearch(ada, undefined)).toBe(true);
    expect(matchesSearch(ada, '')).toBe(true);
    expect(matchesSearch(ada, '   ')).toBe(true);
  });

  it('matches first name, last name and the full name as substrings, ignoring case', () => {
    expect(matchesSearch(ada, 'ADA')).toBe(true);
    expect(matchesSearch(ada, 'kafo')).toBe(true);
    expect(matchesSearch(ada, 'ada oka')).toBe(true);
  });

  it('matches the primary and the secondary specialty', () => {
    expect(matchesSearch(ada, 'cardio')).toBe(true);
    expect(matchesSearch(ada, 'internal')).toBe(true);
  });

  it('matches an area of interest', () => {
    expect(matchesSearch(ada, 'career trans')).toBe(true);
  });

  it('ignores spaces around the search text', () => {
    expect(matchesSearch(ada, '  okafor ')).toBe(true);
  });

  it('does not match bio, location or languages', () => {
    const traveller = coach({ bio: 'Surgeon', location: 'Lagos', languages: ['Yoruba'] });
    expect(matchesSearch(traveller, 'surgeon')).toBe(false);
    expect(matchesSearch(traveller, 'lagos')).toBe(false);
    expect(matchesSearch(traveller, 'yoruba')).toBe(false);
  });

  it('survives a coach without specialties', () => {
    expect(matchesSearch(coach({ specialty: null, secondarySpecialty: null }), 'cardio')).toBe(false);
  });
});

describe('meetsExperience', () => {
  it('passes every coach when no threshold is set, even without experience', () => {
    expect(meetsExperience(coach({ experience: null }), undefined)).toBe(true);
  });

  it('reads the leading number of a range: 15-20 meets 10+ and 15+ but not 20+', () => {
    const coachOf15to20 = coach({ experience: '15-20' });
    expect(meetsExperience(coachOf15to20, '10')).toBe(true);
    expect(meetsExperience(coachOf15to20, '15')).toBe(true);
    expect(meetsExperience(coachOf15to20, '20')).toBe(false);
  });

  it('reads 20+ as 20, which meets 20+', () => {
    expect(meetsExperience(coach({ experience: '20+' }), '20')).toBe(true);
  });

  it('reads 10-15 as 10, which meets 10+ but not 15+', () => {
    expect(meetsExperience(coach({ experience: '10-15' }), '10')).toBe(true);
    expect(meetsExperience(coach({ experience: '10-15' }), '15')).toBe(false);
  });

  it('keeps out the profile band 0-5 at any threshold', () => {
    expect(meetsExperience(coach({ experience: '0-5' }), '10')).toBe(false);
  });

  it('keeps out a coach whose experience is missing or has no leading number', () => {
    expect(meetsExperience(coach({ experience: null }), '10')).toBe(false);
    expect(meetsExperience(coach({ experience: 'many years' }), '10')).toBe(false);
  });
});

describe('matchesSpecialty', () => {
  it('passes every coach when no specialty is chosen', () => {
    expect(matchesSpecialty(coach({ specialty: null }), undefined)).toBe(true);
  });

  it('matches the primary or the secondary specialty exactly, ignoring case', () => {
    expect(matchesSpecialty(coach(), 'cardiology')).toBe(true);
    expect(matchesSpecialty(coach(), 'Internal Medicine')).toBe(true);
  });

  it('does not match part of a specialty', () => {
    expect(matchesSpecialty(coach(), 'Cardio')).toBe(false);
  });
});

describe('filterCoaches', () => {
  const coaches = [
    coach({ userId: 'a', specialty: 'Cardiology', experience: '20+' }),
    coach({ userId: 'b', specialty: 'Cardiology', experience: '5-10' }),
    coach({ userId: 'c', specialty: 'Psychiatry', secondarySpecialty: null, experience: '20+' }),
  ];

  it('keeps only coaches that pass every filter', () => {
    const ids = filterCoaches(coaches, { specialty: 'Cardiology', experience: '20' }).map((c) => c.userId);
    expect(ids).toEqual(['a']);
  });

  it('keeps the given order', () => {
    expect(filterCoaches(coaches, {}).map((c) => c.userId)).toEqual(['a', 'b', 'c']);
  });

  it('never matches a search across two fields of a coach', () => {
    const ada = coach({ firstName: 'Ada', lastName: 'Okafor', specialty: 'Cardiology' });
    expect(filterCoaches([ada], { q: 'okafor' })).toHaveLength(1);
    expect(filterCoaches([ada], { q: 'okafor\ncardio' })).toEqual([]);
    expect(filterCoaches([ada], { q: 'okaforcardio' })).toEqual([]);
  });

  it('finds through its search index exactly what testing every coach finds, in the same order', () => {
    const specialties = ['Cardiology', 'Pediatrics', 'Internal Medicine', 'Émergency Medicine', null];
    const areas = ['Leadership Development', 'Career Transition', 'Research', 'Work-Life Balance'];
    const many = Array.from({ length: 600 }, (_, i) =>
      coach({
        userId: `u${i}`,
        firstName: `First${i}`,
        lastName: ['Okafor', 'Nguyen', 'Smith-Jones', "O'Neil", 'Østergaard'][i % 5] as string,
        specialty: specialties[i % 5] as string | null,
        secondarySpecialty: specialties[(i * 3) % 5] as string | null,
        experience: ['5-10', '15-20', '20+', null][i % 4] as string | null,
        areasOfInterest: areas.slice(i % 4, (i % 4) + 1 + (i % 2)),
      }),
    );
    const queries = [
      '',
      'a',
      'ok',
      'oka',
      'OKAFOR',
      'first1',
      'first59',
      'first599',
      'first600',
      'cardio',
      'diolo',
      'medicine',
      'émergency',
      'østergaard',
      "o'neil",
      'smith-jones',
      'life bal',
      'okafor\ncar',
      'zzz',
      'rst12',
      'leadership development',
      'nguyenc',
      ' research ',
    ];
    // Enough rounds that the list gets its index (after 100 searches) and is then searched through it.
    for (const q of [...queries, ...queries, ...queries, ...queries, ...queries, ...queries]) {
      for (const filters of [{ q }, { q, specialty: 'Cardiology' }, { q, experience: '15' as const }]) {
        const everyCoachTested = many.filter(
          (each) =>
            matchesSearch(each, filters.q) &&
            matchesSpecialty(each, filters.specialty) &&
            meetsExperience(each, filters.experience),
        );
        expect(filterCoaches(many, filters), JSON.stringify(filters)).toEqual(everyCoachTested);
      }
    }
    expect(filterCoaches(many, { q: 'first59' }).length).toBe(11);
  });
});

describe('rememberingFilter', () => {
  const list = [
    coach({ userId: 'a', specialty: 'Cardiology' }),
    coach({ userId: 'b', specialty: 'Psychiatry', secondarySpecialty: null }),
    coach({ userId: 'c', specialty: 'Cardiology' }),
  ];

  it('filters as filterCoaches does, and answers a repeated search from memory', () => {
    const matching = rememberingFilter(1000);
    const first = matching(list, { specialty: 'Cardiology' });
    expect(first.map((c) => c.userId)).toEqual(['a', 'c']);
    expect(matching(list, { specialty: 'Cardiology' })).toBe(first);
    expect(matching(list, { specialty: 'Psychiatry' }).map((c) => c.userId)).toEqual(['b']);
  });

  it('filters a new list afresh: a refreshed directory is never answered from the old one', () => {
    const matching = rememberingFilter(1000);
    matching(list, { specialty: 'Cardiology' });
    const refreshed = [...list, coach({ userId: 'd', specialty: 'Cardiology' })];
    expect(matching(refreshed, { specialty: 'Cardiology' }).map((c) => c.userId)).toEqual(['a', 'c', 'd']);
  });

  it('forgets its oldest searches once it holds more than it may, searches that match nothing too', () => {
    const matching = rememberingFilter(303);
    const cardiology = matching(list, { specialty: 'Cardiology' });
    matching(list, { specialty: 'Psychiatry' });
    matching(list, {});
    expect(matching(list, { specialty: 'Cardiology' })).not.toBe(cardiology);
    expect(matching(list, { specialty: 'Cardiology' })).toEqual(cardiology);

    const nothing = rememberingFilter(250);
    const first = nothing(list, { q: 'nobody-1' });
    nothing(list, { q: 'nobody-2' });
    nothing(list, { q: 'nobody-3' });
    expect(nothing(list, { q: 'nobody-1' })).not.toBe(first);
  });
});

describe('pageOf', () => {
  const letters = ['a', 'b', 'c', 'd', 'e'];

  it('walks the whole list page by page with opaque cursors', () => {
    const first = pageOf(letters, undefined, 2);
    expect(first.items).toEqual(['a', 'b']);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = pageOf(letters, first.nextCursor, 2);
    expect(second.items).toEqual(['c', 'd']);
    const last = pageOf(letters, second.nextCursor, 2);
    expect(last).toEqual({ items: ['e'] });
  });

  it('gives no cursor when the last page is exactly full', () => {
    expect(pageOf(letters.slice(0, 4), pageOf(letters.slice(0, 4), undefined, 2).nextCursor, 2)).toEqual({
      items: ['c', 'd'],
    });
  });

  it('gives an empty page for a cursor past a list that has shrunk', () => {
    const cursor = pageOf(letters, undefined, 4).nextCursor;
    expect(pageOf(letters.slice(0, 2), cursor, 4)).toEqual({ items: [] });
  });

  it.each([
    ['garbage', '!!!'],
    ['base64 that is not JSON', Buffer.from('offset=2').toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['a negative offset', Buffer.from('{"offset":-1}').toString('base64url')],
    ['a fractional offset', Buffer.from('{"offset":1.5}').toString('base64url')],
    ['an offset given as text', Buffer.from('{"offset":"2"}').toString('base64url')],
  ])('rejects %s as an INVALID_CURSOR', (_, cursor) => {
    expect(() => pageOf(letters, cursor, 2)).toThrow(
      expect.objectContaining({ constructor: DomainError, code: 'INVALID_CURSOR' }),
    );
  });
});

describe('coachDisplay', () => {
  it('shows a complete coach as stored', () => {
    expect(
      coachDisplay(
        coach({ coachBio: 'Mentors new chiefs.', headshotUrl: 'https://cdn.example/h.jpg', totalRatings: 3 }),
      ),
    ).toEqual({
      name: 'Ada Okafor',
      credentials: 'MD, MBA',
      specialtyLine: 'Cardiology',
      secondaryLine: 'Internal Medicine',
      bio: 'Mentors new chiefs.',
      languages: ['English', 'Spanish'],
      rateLabel: '$150/hour',
      areas: ['Leadership Development', 'Career Transition'],
      isNewMentor: false,
      headshotUrl: 'https://cdn.example/h.jpg',
    });
  });

  it("names a coach without any name 'Unknown Coach' and keeps a single name alone", () => {
    expect(coachDisplay(coach({ firstName: '', lastName: ' ' })).name).toBe('Unknown Coach');
    expect(coachDisplay(coach({ firstName: '', lastName: 'Okafor' })).name).toBe('Okafor');
  });

  it('keeps credentials apart from the name and drops blank ones', () => {
    expect(coachDisplay(coach({ credentials: '  ' })).credentials).toBeNull();
  });

  it("shows 'General Medicine' for a missing specialty and hides the line for 'Other'", () => {
    expect(coachDisplay(coach({ specialty: null })).specialtyLine).toBe('General Medicine');
    expect(coachDisplay(coach({ specialty: 'Other' })).specialtyLine).toBeNull();
  });

  it("hides the secondary line when it is missing, 'General Practice' or 'Other'", () => {
    expect(coachDisplay(coach({ secondarySpecialty: null })).secondaryLine).toBeNull();
    expect(coachDisplay(coach({ secondarySpecialty: 'General Practice' })).secondaryLine).toBeNull();
    expect(coachDisplay(coach({ secondarySpecialty: 'Other' })).secondaryLine).toBeNull();
  });

  it('prefers the coaching bio, then the profile bio, then the default sentence', () => {
    expect(coachDisplay(coach({ coachBio: 'Coach bio', bio: 'Bio' })).bio).toBe('Coach bio');
    expect(coachDisplay(coach({ coachBio: ' ', bio: 'Bio' })).bio).toBe('Bio');
    expect(coachDisplay(coach({ coachBio: null, bio: '' })).bio).toBe(
      'Experienced medical professional dedicated to mentoring.',
    );
  });

  it('falls back to English when no language is listed', () => {
    expect(coachDisplay(coach({ languages: [] })).languages).toEqual(['English']);
    expect(coachDisplay(coach({ languages: [' '] })).languages).toEqual(['English']);
  });

  it('shows the hourly rate in whole dollars and rounds stray cents', () => {
    expect(hourlyRateLabel(7500)).toBe('$75/hour');
    expect(hourlyRateLabel(100)).toBe('$1/hour');
    expect(hourlyRateLabel(7550)).toBe('$76/hour');
  });

  it("says 'Contact for rates' when there is no positive rate", () => {
    expect(coachDisplay(coach({ hourlyRateCents: 0 })).rateLabel).toBe('Contact for rates');
    expect(hourlyRateLabel(-100)).toBe('Contact for rates');
  });

  it('drops blank and duplicate areas of interest', () => {
    expect(coachDisplay(coach({ areasOfInterest: ['Research', ' ', 'Research', ''] })).areas).toEqual(['Research']);
  });

  it('falls back to the two specialties for areas, never to the display defaults or Other', () => {
    expect(coachDisplay(coach({ areasOfInterest: [] })).areas).toEqual(['Cardiology', 'Internal Medicine']);
    expect(coachDisplay(coach({ areasOfInterest: [], secondarySpecialty: 'Cardiology' })).areas).toEqual([
      'Cardiology',
    ]);
    expect(coachDisplay(coach({ areasOfInterest: [], specialty: 'Other', secondarySpecialty: null })).areas).toEqual(
      [],
    );
  });

  it("marks a coach with fewer than 3 ratings as a 'New Mentor'", () => {
    expect(coachDisplay(coach({ totalRatings: 0 })).isNewMentor).toBe(true);
    expect(coachDisplay(coach({ totalRatings: 2 })).isNewMentor).toBe(true);
    expect(coachDisplay(coach({ totalRatings: 3 })).isNewMentor).toBe(false);
  });

  it('leaves the headshot null, for the placeholder, when there is no usable URL', () => {
    expect(coachDisplay(coach({ headshotUrl: '' })).headshotUrl).toBeNull();
  });
});
