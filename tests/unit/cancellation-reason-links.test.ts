import { describe, expect, it } from 'vitest';
import { withoutLinks } from '../../functions/domain/session-emails';

describe('a cancellation reason in an e-mail', () => {
  it('loses every link, with a scheme, with www. or bare, and keeps the words', () => {
    expect(withoutLinks('Sick today. Rebook at https://evil.example/pay?x=1 please')).toBe(
      'Sick today. Rebook at [link removed] please',
    );
    expect(withoutLinks('see www.evil.example or evil-site.co.uk/login')).toBe('see [link removed] or [link removed]');
    expect(withoutLinks('javascript://alert(1)')).toBe('[link removed]');
  });

  it('keeps text with no link as it is, times and initials included', () => {
    expect(withoutLinks('Family emergency at 3.30, sorry. Dr. A. Okafor')).toBe(
      'Family emergency at 3.30, sorry. Dr. A. Okafor',
    );
  });
});
