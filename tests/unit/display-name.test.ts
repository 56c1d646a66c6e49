import { describe, expect, it } from 'vitest';
import { fullName, nameWithCredentials, reviewerName } from '../../functions/domain/display-name';

const ada = { firstName: 'Ada', lastName: 'Okafor' };

describe('fullName', () => {
  it('is the first and last name with one space', () => {
    expect(fullName(ada)).toBe('Ada Okafor');
  });

  it('ignores credentials', () => {
    expect(fullName({ ...ada, credentials: 'MD' })).toBe('Ada Okafor');
  });
});

describe('nameWithCredentials', () => {
  it('adds the credentials after a comma', () => {
    expect(nameWithCredentials({ ...ada, credentials: 'MD, FACS' })).toBe('Ada Okafor, MD, FACS');
  });

  it('is the bare name when credentials are missing, null or empty', () => {
    expect(nameWithCredentials(ada)).toBe('Ada Okafor');
    expect(nameWithCredentials({ ...ada, credentials: null })).toBe('Ada Okafor');
    expect(nameWithCredentials({ ...ada, credentials: '' })).toBe('Ada Okafor');
  });
});

describe('reviewerName', () => {
  it('is the first name and the initial of the last', () => {
    expect(reviewerName(ada)).toBe('Ada O.');
  });

  it('keeps a one-letter last name whole', () => {
    expect(reviewerName({ firstName: 'Ada', lastName: 'O' })).toBe('Ada O.');
  });

  it('starts with the initial when there is no first name', () => {
    expect(reviewerName({ firstName: '', lastName: 'Okafor' })).toBe('O.');
  });
});
