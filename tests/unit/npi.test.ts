import { describe, expect, it } from 'vitest';
import { filterCoaches } from '../../functions/domain/directory';
import {
  badgeDetail,
  evaluateRegistryAnswer,
  isPhysician,
  isValidNpi,
  lastNamesMatch,
  nextRetryAt,
  REJECTION_REASONS,
  type RegistryResult,
} from '../../functions/domain/npi';
import { applyProfileUpdate } from '../../functions/domain/profile';
import type { Coach } from '../../functions/schemas/coach';
import { npiNumber } from '../../functions/schemas/verification';

describe('isValidNpi (Luhn over 80840 and the first nine digits)', () => {
  it('accepts the check digit of the registry example and of every stand-in fixture', () => {
    for (const npi of ['1234567893', '1111111112', '1222222220', '1333333338', '1444444446', '1888888884']) {
      expect(isValidNpi(npi)).toBe(true);
    }
  });

  it('refuses a check digit one off, either way', () => {
    expect(isValidNpi('1234567892')).toBe(false);
    expect(isValidNpi('1234567894')).toBe(false);
  });

  it('refuses a body digit one off', () => {
    expect(isValidNpi('1234567993')).toBe(false);
  });

  it('refuses two neighbouring digits transposed', () => {
    expect(isValidNpi('1234576893')).toBe(false);
    expect(isValidNpi('2134567893')).toBe(false);
  });

  it('refuses nine or eleven digits, and anything but digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678930')).toBe(false);
    expect(isValidNpi('123456789X')).toBe(false);
  });

  it('takes the number as typed with spaces or dashes between groups', () => {
    expect(npiNumber.parse(' 1234-567-893 ')).toBe('1234567893');
    expect(npiNumber.safeParse('1234 567 894').success).toBe(false);
  });
});

describe('lastNamesMatch', () => {
  it('ignores case and accents', () => {
    expect(lastNamesMatch('Mendonça', 'MENDONCA')).toBe(true);
    expect(lastNamesMatch('Sørensen', 'SORENSEN')).toBe(true);
    expect(lastNamesMatch('Łukasiewicz', 'LUKASIEWICZ')).toBe(true);
  });

  it('ignores hyphens and the spaces some records put in their place', () => {
    expect(lastNamesMatch('Delgado-Baird', 'DELGADO BAIRD')).toBe(true);
    expect(lastNamesMatch('Delgado-Baird', 'DELGADOBAIRD')).toBe(true);
  });

  it('does not accept a part of the name, or a near miss', () => {
    expect(lastNamesMatch('Delgado-Baird', 'DELGADO')).toBe(false);
    expect(lastNamesMatch('Rivera', 'RIVIERA')).toBe(false);
  });

  it('never matches an empty name', () => {
    expect(lastNamesMatch('', '')).toBe(false);
    expect(lastNamesMatch('-', undefined)).toBe(false);
  });
});

const result = (fields: Partial<RegistryResult> & { basic?: RegistryResult['basic'] } = {}): RegistryResult => ({
  enumeration_type: 'NPI-1',
  number: '1234567893',
  ...fields,
  basic: { first_name: 'JORDAN', last_name: 'RIVERA', credential: 'MD', status: 'A', ...fields.basic },
  taxonomies: fields.taxonomies ?? [{ code: '207R00000X', desc: 'Internal Medicine', primary: true }],
});

describe('isPhysician', () => {
  it('takes a primary taxonomy under 207 or 208', () => {
    const credentialless = { credential: '' };
    expect(isPhysician(result({ basic: credentialless }))).toBe(true);
    expect(
      isPhysician(
        result({ basic: credentialless, taxonomies: [{ code: '2084P0800X', desc: 'Psychiatry', primary: true }] }),
      ),
    ).toBe(true);
  });

  it('reads only the primary taxonomy, not a secondary physician one', () => {
    const taxonomies = [
      { code: '363L00000X', desc: 'Nurse Practitioner', primary: true },
      { code: '207R00000X', desc: 'Internal Medicine', primary: false },
    ];
    expect(isPhysician(result({ basic: { credential: 'NP' }, taxonomies }))).toBe(false);
  });

  it('takes MD or DO as the credential, however punctuated, but not a longer word that starts so', () => {
    const nurse = [{ code: '363L00000X', desc: 'Nurse Practitioner', primary: true }];
    expect(isPhysician(result({ basic: { credential: 'M.D., Ph.D.' }, taxonomies: nurse }))).toBe(true);
    expect(isPhysician(result({ basic: { credential: 'd.o.' }, taxonomies: nurse }))).toBe(true);
    expect(isPhysician(result({ basic: { credential: 'DDS' }, taxonomies: nurse }))).toBe(false);
    expect(isPhysician(result({ basic: { credential: 'MDS' }, taxonomies: nurse }))).toBe(false);
  });

  it('does not take 206 or 209, the codes beside the physician ones', () => {
    expect(isPhysician(result({ basic: { credential: 'NP' }, taxonomies: [{ code: '2061', primary: true }] }))).toBe(
      false,
    );
    expect(isPhysician(result({ basic: { credential: 'NP' }, taxonomies: [{ code: '209X', primary: true }] }))).toBe(
      false,
    );
  });
});

describe('evaluateRegistryAnswer', () => {
  const found = (one: RegistryResult) => ({ result_count: 1, results: [one] });

  it('verifies an active individual physician under the same last name, whatever the first name', () => {
    const outcome = evaluateRegistryAnswer(found(result({ basic: { first_name: 'J' } })), 'Rivera', '1234567893');
    expect(outcome).toMatchObject({
      state: 'verified',
      snapshot: { enumerationType: 'NPI-1', taxonomy: 'Internal Medicine', taxonomyCode: '207R00000X', active: true },
    });
  });

  it('says "registry unavailable" for an Errors body in an HTTP 200, never "not found"', () => {
    const outcome = evaluateRegistryAnswer(
      { Errors: [{ description: 'Service unavailable', field: 'number', number: '99' }] },
      'Rivera',
      '1234567893',
    );
    expect(outcome.state).toBe('unavailable');
  });

  it('names each refusal in words', () => {
    const reasonFor = (answer: Parameters<typeof evaluateRegistryAnswer>[0], lastName = 'Rivera') => {
      const outcome = evaluateRegistryAnswer(answer, lastName, '1234567893');
      return outcome.state === 'rejected' ? outcome.reason : outcome.state;
    };
    expect(reasonFor({ result_count: 0, results: [] })).toBe(REJECTION_REASONS.notFound);
    expect(
      reasonFor(found(result({ enumeration_type: 'NPI-2', basic: { organization_name: 'RIVERA MEDICAL' } }))),
    ).toBe(REJECTION_REASONS.organisation);
    expect(reasonFor(found(result({ basic: { status: 'D' } })))).toBe(REJECTION_REASONS.deactivated);
    expect(reasonFor(found(result()), 'Chen')).toBe(REJECTION_REASONS.otherName);
    expect(
      reasonFor(
        found(
          result({
            basic: { credential: 'NP' },
            taxonomies: [{ code: '363L00000X', desc: 'Nurse Practitioner', primary: true }],
          }),
        ),
      ),
    ).toBe(REJECTION_REASONS.notPhysician);
  });

  it('does not read a result for another number as this one', () => {
    expect(evaluateRegistryAnswer(found(result({ number: '1444444446' })), 'Rivera', '1234567893')).toMatchObject({
      state: 'rejected',
      reason: REJECTION_REASONS.notFound,
    });
  });
});

describe('nextRetryAt', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('retries after a minute first, further apart after, and gives up after the fifth retry', () => {
    expect(nextRetryAt(0, now)?.toISOString()).toBe('2026-03-01T10:01:00.000Z');
    expect(nextRetryAt(4, now)?.toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(nextRetryAt(5, now)).toBeNull();
  });
});

describe('the badge', () => {
  it('says exactly what was checked, on the day (UTC) it was', () => {
    expect(badgeDetail({ checkedAt: '2026-11-25T23:30:00Z', taxonomy: 'Internal Medicine' })).toBe(
      'Checked against the NPPES NPI Registry on November 25, 2026: active individual NPI, Internal Medicine, name matches.',
    );
  });

  it('goes with a change of name, first or last, and stays through other edits', () => {
    const profile = {
      userId: 'u',
      email: 'u@x.test',
      userType: 'mentor' as const,
      published: true,
      firstName: 'Jordan',
      lastName: 'Rivera',
      verification: { status: 'verified' as const, checkedAt: '2026-01-01T00:00:00Z', taxonomy: 'Internal Medicine' },
      createdAt: '',
      updatedAt: '',
    };
    const now = new Date();
    expect(applyProfileUpdate(profile, { location: 'Boston, MA' }, now).verification).toBeDefined();
    expect(applyProfileUpdate(profile, { lastName: 'Rivera-Chen' }, now).verification).toBeUndefined();
    expect(applyProfileUpdate(profile, { firstName: 'J.' }, now).verification).toBeUndefined();
  });

  it('filters the directory to verified physicians only when asked', () => {
    const coach = (userId: string, verified: boolean) =>
      ({
        userId,
        firstName: 'A',
        lastName: userId,
        areasOfInterest: [],
        specialty: null,
        secondarySpecialty: null,
        experience: null,
        ...(verified ? { verification: { status: 'verified', checkedAt: '', taxonomy: 'Pediatrics' } } : {}),
      }) as unknown as Coach;
    const list = [coach('a', true), coach('b', false), coach('c', true)];
    expect(filterCoaches(list, { verified: true }).map((c) => c.userId)).toEqual(['a', 'c']);
    expect(filterCoaches(list, { verified: false })).toBe(list);
  });
});
