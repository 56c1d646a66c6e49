import { isValidNpi, type RegistryResult } from '../../functions/domain/npi';
import type { DemoMentor } from './demo-mentors';

/**
 * What the local NPI Registry stand-in (npi-standin.ts) knows: the fixtures the README lists, and
 * one active physician for each demo mentor. Results have the NPPES API 2.1 shape.
 */

interface Taxonomy {
  code: string;
  desc: string;
}

const INTERNAL_MEDICINE: Taxonomy = { code: '207R00000X', desc: 'Internal Medicine' };

function individual(
  npi: string,
  person: { first: string; last: string; credential: string },
  taxonomy: Taxonomy,
  status: 'A' | 'D' = 'A',
): RegistryResult {
  const result = {
    created_epoch: '1136073600000',
    enumeration_type: 'NPI-1',
    last_updated_epoch: '1700000000000',
    number: npi,
    addresses: [
      {
        country_code: 'US',
        country_name: 'United States',
        address_purpose: 'LOCATION',
        address_type: 'DOM',
        address_1: '100 MAIN ST',
        city: 'SPRINGFIELD',
        state: 'IL',
        postal_code: '627010001',
        telephone_number: '217-555-0100',
      },
    ],
    practiceLocations: [],
    basic: {
      first_name: person.first.toUpperCase(),
      last_name: person.last.toUpperCase(),
      credential: person.credential,
      sole_proprietor: 'NO',
      enumeration_date: '2006-01-01',
      last_updated: '2023-11-14',
      status,
      ...(status === 'D' ? { deactivation_date: '2024-03-01', deactivation_reason_code: 'DT' } : {}),
    },
    taxonomies: [{ ...taxonomy, taxonomy_group: '', state: 'IL', license: '036000000', primary: true }],
    identifiers: [],
    endpoints: [],
    other_names: [],
  };
  return result;
}

const jordanRivera = { first: 'Jordan', last: 'Rivera', credential: 'MD' };

const riveraMedicalGroup = {
  created_epoch: '1136073600000',
  enumeration_type: 'NPI-2',
  last_updated_epoch: '1700000000000',
  number: '1222222220',
  addresses: [],
  practiceLocations: [],
  basic: {
    organization_name: 'RIVERA MEDICAL GROUP',
    organizational_subpart: 'NO',
    authorized_official_first_name: 'JORDAN',
    authorized_official_last_name: 'RIVERA',
    authorized_official_credential: 'MD',
    enumeration_date: '2006-01-01',
    last_updated: '2023-11-14',
    status: 'A',
  },
  taxonomies: [{ code: '261QM1300X', desc: 'Clinic/Center, Multi-Specialty', primary: true, state: 'IL' }],
  identifiers: [],
  endpoints: [],
  other_names: [],
};

/** Fixed answers: each NPI answers as its README line says. */
export type FixtureAnswer =
  | { kind: 'result'; result: RegistryResult }
  | { kind: 'no-result' }
  | { kind: 'errors' }
  | { kind: 'http-500' }
  | { kind: 'no-answer' };

export const NPI_FIXTURES: Readonly<Record<string, FixtureAnswer>> = {
  '1234567893': { kind: 'result', result: individual('1234567893', jordanRivera, INTERNAL_MEDICINE) },
  '1111111112': { kind: 'result', result: individual('1111111112', jordanRivera, INTERNAL_MEDICINE, 'D') },
  '1222222220': { kind: 'result', result: riveraMedicalGroup },
  '1333333338': {
    kind: 'result',
    result: individual(
      '1333333338',
      { ...jordanRivera, credential: 'NP' },
      { code: '363L00000X', desc: 'Nurse Practitioner' },
    ),
  },
  '1444444446': {
    kind: 'result',
    result: individual('1444444446', { first: 'Avery', last: 'Chen', credential: 'MD' }, INTERNAL_MEDICINE),
  },
  '1555555550': { kind: 'no-result' },
  '1666666668': { kind: 'errors' },
  '1777777776': { kind: 'http-500' },
  '1888888884': { kind: 'no-answer' },
};

/** The primary taxonomy the registry would list for each demo mentor's specialty. */
const SPECIALTY_TAXONOMIES: Record<string, Taxonomy> = {
  'Emergency Medicine': { code: '207P00000X', desc: 'Emergency Medicine' },
  'Internal Medicine': INTERNAL_MEDICINE,
  Cardiology: { code: '207RC0000X', desc: 'Cardiovascular Disease' },
  'Family Medicine': { code: '207Q00000X', desc: 'Family Medicine' },
  Pediatrics: { code: '208000000X', desc: 'Pediatrics' },
  Oncology: { code: '207RX0202X', desc: 'Medical Oncology' },
  Anesthesiology: { code: '207L00000X', desc: 'Anesthesiology' },
  'Orthopaedic Surgery': { code: '207X00000X', desc: 'Orthopaedic Surgery' },
  Psychiatry: { code: '2084P0800X', desc: 'Psychiatry' },
  Radiology: { code: '2085R0202X', desc: 'Diagnostic Radiology' },
  'Obstetrics and Gynecology': { code: '207V00000X', desc: 'Obstetrics & Gynecology' },
  Dermatology: { code: '207N00000X', desc: 'Dermatology' },
  Neurology: { code: '2084N0400X', desc: 'Neurology' },
};
const GENERAL_PRACTICE: Taxonomy = { code: '208D00000X', desc: 'General Practice' };

/** `19` and seven digits from the mentor's place in the list, then the check digit that makes it valid. */
export function demoMentorNpi(position: number): string {
  const base = `19${String(position).padStart(7, '0')}`;
  const digit = [...'0123456789'].find((candidate) => isValidNpi(`${base}${candidate}`));
  return `${base}${digit}`;
}

/** The stand-in's answer for a demo mentor: an active physician under their name and specialty. */
export function demoMentorRegistryResult(
  mentor: Pick<DemoMentor, 'firstName' | 'lastName' | 'credentials' | 'specialty'>,
  npi: string,
) {
  const credential = mentor.credentials.split(',')[0]?.trim() ?? 'MD';
  return individual(
    npi,
    { first: mentor.firstName, last: mentor.lastName, credential },
    SPECIALTY_TAXONOMIES[mentor.specialty] ?? GENERAL_PRACTICE,
  );
}
