import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { serviceTokensOf } from '../../functions/data/service-connections';
import { keys } from '../../functions/data/keys';
import { serviceConnectLink } from '../../functions/schemas/service-connection';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.dispose();
});

const connect = (user: SignedInUser) => fetch(`${stack.apiUrl}/api/me/zoom`, { method: 'POST', headers: user.auth });

/** The consent page's Allow or Decline link, as the stand-in renders it. */
async function consentAnswer(consentUrl: string, answer: 'Allow' | 'Decline'): Promise<URL> {
  const local = new URL(consentUrl);
  const page = await (await fetch(`${stack.apiUrl}${local.pathname}${local.search}`)).text();
  const link = new RegExp(`href="([^"]+)">${answer}<`).exec(page)?.[1];
  if (!link) throw new Error(`No ${answer} link on the consent page`);
  return new URL(link.replaceAll('&#38;', '&'));
}

/** The cookie a connect answer leaves in the browser that asked (name=value). */
const browserCookie = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] as string;

/** Follows Zoom's redirect back to our callback in the browser holding `cookie`, and answers with where the callback sends it. */
async function callback(answer: URL, cookie: string): Promise<URL> {
  const response = await fetch(`${stack.apiUrl}${answer.pathname}${answer.search}`, {
    redirect: 'manual',
    headers: { cookie },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

describe('connecting Zoom', () => {
  it('exchanges the code server-side, marks the profile connected and never shows the tokens', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    expect(response.status).toBe(200);
    const cookie = browserCookie(response);
    expect(response.headers.get('set-cookie')).toMatch(
      /^__Host-pm-zoom=[\w-]+; Max-Age=600; Path=\/; Secure; HttpOnly; SameSite=Lax$/,
    );
    const { url } = serviceConnectLink.parse(await response.json());
    expect(url).toContain('/_local/zoom/authorize');
    const back = await callback(await consentAnswer(url, 'Allow'), cookie);
    expect(`${back.pathname}${back.search}`).toBe('/settings?zoom=connected');

    const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: mentor.auth })).json();
    expect(me.zoomConnected).toBe(true);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.meetingConnection(mentor.userId) }),
    );
    // Kept encrypted with the stack's token key: no token in the item, both back through the key.
    expect(JSON.stringify(Item)).not.toMatch(/local-(access|refresh)-/);
    const tokens = await serviceTokensOf('zoom', mentor.userId);
    expect(tokens?.accessToken).toMatch(/^local-access-/);
    expect(JSON.stringify(me)).not.toContain(tokens?.accessToken as string);
  });

  it('sends a declined consent back with zoom_error', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    const { url } = serviceConnectLink.parse(await response.json());
    const back = await callback(await consentAnswer(url, 'Decline'), browserCookie(response));
    expect(back.searchParams.get('zoom_error')).toBe('Zoom access was not granted.');
  });

  it('refuses a callback whose state it did not issue, or one used twice', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const response = await connect(mentor);
    const cookie = browserCookie(response);
    const { url } = serviceConnectLink.parse(await response.json());
    const allow = await consentAnswer(url, 'Allow');
    const forged = new URL(allow);
    forged.searchParams.set('state', 'forged-state');
    expect((await callback(forged, cookie)).searchParams.get('zoom_error')).toMatch(/expired/);
    expect((await callback(allow, cookie)).searchParams.get('zoom')).toBe('connected');
    expect((await callback(allow, cookie)).searchParams.get('zoom_error')).toMatch(/expired/);
  });

  it("refuses a callback with another browser's state: an attacker's consent cannot land on a victim's profile", async () => {
    const attacker = await signedInUserWithProfile(stack.config, 'mentor');
    const victim = await signedInUserWithProfile(stack.config, 'mentor');
    const attackerAllow = async () =>
      consentAnswer(serviceConnectLink.parse(await (await connect(attacker)).json()).url, 'Allow');
    const victimCookie = browserCookie(await connect(victim));
    // The victim's browser is lured to the attacker's callback link: its cookie binds another consent, or none.
    for (const cookie of [victimCookie, '']) {
      expect((await callback(await attackerAllow(), cookie)).searchParams.get('zoom_error')).toMatch(/another browser/);
    }
    for (const user of [attacker, victim]) {
      const me = await (await fetch(`${stack.apiUrl}/api/me`, { headers: user.auth })).json();
      expect(me.zoomConnected).toBe(false);
    }
    // A state is used once, wherever it came back: the attacker's own browser cannot use the lured one either.
    const attackerConnect = await connect(attacker);
    const lured = await consentAnswer(serviceConnectLink.parse(await attackerConnect.json()).url, 'Allow');
    expect((await callback(lured, victimCookie)).searchParams.get('zoom_error')).toMatch(/another browser/);
    expect((await callback(lured, browserCookie(attackerConnect))).searchParams.get('zoom_error')).toMatch(/expired/);
  });

  it('is for mentors only', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await connect(mentee)).status).toBe(403);
  });
});
