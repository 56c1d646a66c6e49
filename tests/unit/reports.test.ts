import { describe, expect, it } from 'vitest';
import { assertOpen, removesContent, reportOutcomeEmail, statusAfter } from '../../functions/domain/reports';

describe('a report’s decision', () => {
  it('leaves the report dismissed, removed or author_suspended, and takes the content down unless dismissed', () => {
    expect(statusAfter('dismiss')).toBe('dismissed');
    expect(statusAfter('remove_content')).toBe('removed');
    expect(statusAfter('suspend_author')).toBe('author_suspended');
    expect([removesContent('dismiss'), removesContent('remove_content'), removesContent('suspend_author')]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('is made once: any status but open refuses another with REPORT_DECIDED', () => {
    expect(() => assertOpen({ status: 'open' })).not.toThrow();
    for (const status of ['dismissed', 'removed', 'author_suspended'] as const) {
      expect(() => assertOpen({ status })).toThrow(expect.objectContaining({ code: 'REPORT_DECIDED' }));
    }
  });

  it('is told the reporter without the message’s text, their name escaped in the HTML', () => {
    const mail = reportOutcomeEmail({
      reporter: { email: 'r@example.test', firstName: '<Ana>' },
      decision: 'remove_content',
      conversationUrl: 'https://site.example/messages/abc',
    });
    expect(mail).toMatchObject({ to: 'r@example.test', subject: 'We reviewed the message you reported' });
    expect(mail.text).toContain('removed it');
    expect(mail.text).toContain('https://site.example/messages/abc');
    expect(mail.html).toContain('Hello &#60;Ana&#62;,');
  });
});
