import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as z from '../functions/schemas/zod';
import { FREE_CONSULTATION_RETURN_NOTICE_MS } from '../functions/domain/cancellation';
import { coach, coachList, slotList } from '../functions/schemas/coach';
import { initiatePasswordAuth } from '../functions/schemas/cognito-password-auth';
import { type RuntimeConfig, runtimeConfig } from '../functions/schemas/config';
import { QUERY_STATE_ELEMENT_ID } from '../functions/domain/page-html';
import { runtimeConfigIn } from '../functions/schemas/runtime-config-html';
import { bookingResult, sessionView } from '../functions/schemas/session';

/**
 * The post-deploy smoke test: checks a deployment the way a user meets it, one line per check.
 *
 *   npm run smoke -- --url https://mentors.example.org [--email … --password …] [--coach <userId>]
 *
 * With a test account (a mentee; also SMOKE_EMAIL / SMOKE_PASSWORD) it books a free consultation
 * and cancels it again, which gives the consultation back; the mentor gets both e-mails, so point
 * `--coach` at a test mentor on a live site.
 */
export interface SmokeOptions {
  url: string;
  email?: string;
  password?: string;
  coachId?: string;
}

export interface CheckResult {
  name: string;
  outcome: 'pass' | 'fail' | 'skip';
  detail: string;
}

class Skip extends Error {}

const apiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const eligibility = z.object({ eligible: z.boolean() });
const MIN_HSTS_SECONDS = 365 * 24 * 60 * 60;
const SLOT_SEARCH_DAYS = 30;

function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}`);
}

/** Which of the security headers CloudFront must add are missing or weaker than required. */
function securityHeaderProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  if (!csp) problems.push('no Content-Security-Policy');
  else if (!/frame-ancestors 'none'/.test(csp)) problems.push("CSP without frame-ancestors 'none'");
  const maxAge = Number(/max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '')?.[1] ?? 0);
  if (maxAge < MIN_HSTS_SECONDS) problems.push(`Strict-Transport-Security max-age ${maxAge} < ${MIN_HSTS_SECONDS}`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  return problems;
}

async function signIn(config: RuntimeConfig, email: string, password: string): Promise<string> {
  const answer = await initiatePasswordAuth(config, email, password);
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`Cognito refused the test account: ${answer.message ?? answer.status}`);
  return token;
}

export async function runSmoke(options: SmokeOptions, report: (result: CheckResult) => void = () => undefined) {
  const site = new URL(options.url);
  const results: CheckResult[] = [];
  const check = async <T>(name: string, run: () => Promise<{ detail: string; value?: T }>): Promise<T | undefined> => {
    let result: CheckResult;
    let value: T | undefined;
    try {
      const outcome = await run();
      value = outcome.value;
      result = { name, outcome: 'pass', detail: outcome.detail };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      result = { name, outcome: error instanceof Skip ? 'skip' : 'fail', detail };
    }
    results.push(result);
    report(result);
    return value;
  };
  const get = (path: string, init?: RequestInit) => fetch(new URL(path, site), { redirect: 'manual', ...init });

  const config = await check('GET /config.json is the runtime config', async () => {
    const response = await get('/config.json');
    expectStatus(response, 200, '/config.json');
    const value = runtimeConfig.parse(await response.json());
    return { detail: `stage ${value.stage}, region ${value.region}`, value };
  });

  const page = async (path: string) => {
    const response = await get(path);
    expectStatus(response, 200, path);
    const html = await response.text();
    if (!html.includes('<div id="root">')) throw new Error(`${path} is not the SPA`);
    return { html, headers: response.headers };
  };

  const home = await check('GET / is the app', async () => {
    const value = await page('/');
    return { detail: `${value.html.length} bytes of HTML`, value };
  });

  // The public pages are prerendered (lib/prerendered-pages.ts); every other client route is the app shell.
  const deepLink = await check('a deep link falls back to the app', async () => {
    const value = await page('/dashboard');
    if (value.html === home?.html) throw new Error('the deep link is answered with the prerendered home page');
    return { detail: '/dashboard answers with the app', value };
  });

  for (const [where, answer] of [
    ['/', home],
    ['a deep link', deepLink],
  ] as const) {
    await check(`${where} carries the runtime config inline, the same as /config.json`, async () => {
      if (!answer || !config) throw new Skip('no page or no /config.json to compare');
      const inlined = runtimeConfig.parse(runtimeConfigIn(answer.html));
      if (JSON.stringify(inlined) !== JSON.stringify(config))
        throw new Error('the inlined config differs from /config.json');
      return { detail: `stage ${inlined.stage}` };
    });
  }

  const apiNotFound = await check('an unknown /api path is the JSON 404 envelope', async () => {
    const response = await get('/api/smoke-test-unknown-path');
    expectStatus(response, 404, '/api/smoke-test-unknown-path');
    const { error } = apiError.parse(await response.json());
    if (error.code !== 'NOT_FOUND') throw new Error(`error code ${error.code}, expected NOT_FOUND`);
    return { detail: `{"error":{"code":"${error.code}"}}`, value: response.headers };
  });

  for (const [where, headers] of [
    ['/', home?.headers],
    ['/api', apiNotFound],
  ] as const) {
    await check(`security headers on ${where} (CSP frame-ancestors, HSTS, nosniff)`, async () => {
      if (!headers) throw new Error(`no answer from ${where} to check`);
      const problems = securityHeaderProblems(headers);
      if (problems.length) throw new Error(problems.join('; '));
      return { detail: 'present' };
    });
  }

  const directory = await check('GET /api/coaches lists the directory', async () => {
    const response = await get('/api/coaches');
    expectStatus(response, 200, '/api/coaches');
    const value = coachList.parse(await response.json());
    return { detail: `${value.totalCount} published mentors`, value };
  });

  await check('GET /api/coaches/{id} shows a mentor', async () => {
    const first = directory?.coaches[0];
    if (!first) throw new Skip('the directory lists no mentor');
    const response = await get(`/api/coaches/${encodeURIComponent(first.userId)}`);
    expectStatus(response, 200, 'the first mentor');
    const shown = coach.parse(await response.json());
    return { detail: `${shown.firstName} ${shown.lastName}` };
  });

  // The page routes (functions/http/render-page.ts) render the directory and a coach page with their data.
  await check("GET /coaches/{id} is the mentor's page rendered with the mentor", async () => {
    const first = directory?.coaches[0];
    if (!first) throw new Skip('the directory lists no mentor');
    const { html } = await page(`/coaches/${encodeURIComponent(first.userId)}`);
    if (!html.includes(`id="${QUERY_STATE_ELEMENT_ID}"`)) throw new Error('the page was rendered without its data');
    if (!html.includes(first.lastName)) throw new Error(`the page does not name ${first.lastName}`);
    return { detail: `${html.length} bytes of HTML` };
  });

  const email = options.email ?? process.env.SMOKE_EMAIL;
  const password = options.password ?? process.env.SMOKE_PASSWORD;
  await check('a free consultation is booked and cancelled again', async () => {
    if (!email || !password)
      throw new Skip('no test account (--email and --password, or SMOKE_EMAIL and SMOKE_PASSWORD)');
    if (!config) throw new Error('no runtime config to sign in with');
    const auth = { authorization: `Bearer ${await signIn(config, email, password)}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const isEligible = async (coachId: string) => {
      const response = await get(`/api/me/free-consultations/${encodeURIComponent(coachId)}`, { headers: auth });
      expectStatus(response, 200, 'the free-consultation eligibility');
      return eligibility.parse(await response.json()).eligible;
    };
    const candidates = (directory?.coaches ?? []).filter(
      (candidate) => candidate.offersFreeConsult && (!options.coachId || candidate.userId === options.coachId),
    );
    let chosen: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (await isEligible(candidate.userId)) {
        chosen = candidate;
        break;
      }
    }
    if (!chosen) throw new Skip('no listed mentor offers a free consultation this account may still book');

    // Far enough ahead that the mentee's cancel gives the consultation back (and with an hour to spare).
    const from = new Date(Date.now() + FREE_CONSULTATION_RETURN_NOTICE_MS + 60 * 60_000);
    const to = new Date(from.getTime() + SLOT_SEARCH_DAYS * 24 * 60 * 60_000);
    const query = new URLSearchParams({
      from: from.toISOString(),
      to: to.toISOString(),
      duration: String(chosen.freeConsultMinutes),
    });
    const slotsResponse = await get(`/api/coaches/${encodeURIComponent(chosen.userId)}/slots?${query}`);
    expectStatus(slotsResponse, 200, 'the mentor’s slots');
    const slot = slotList.parse(await slotsResponse.json()).slots[0];
    if (!slot) throw new Skip(`${chosen.firstName} ${chosen.lastName} has no free time in ${SLOT_SEARCH_DAYS} days`);

    const booked = await get('/api/sessions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        coachId: chosen.userId,
        start: slot.start,
        durationMinutes: chosen.freeConsultMinutes,
        freeConsultation: true,
      }),
    });
    expectStatus(booked, 201, 'booking the free consultation');
    const { session } = bookingResult.parse(await booked.json());
    if (session.status !== 'confirmed') throw new Error(`the consultation is ${session.status}, not confirmed`);

    const cancelled = await get(`/api/sessions/${encodeURIComponent(session.id)}/cancel`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ reason: 'Post-deploy smoke test: booked and cancelled at once.' }),
    });
    expectStatus(cancelled, 200, 'cancelling the consultation');
    const after = sessionView.parse(await cancelled.json());
    if (after.status !== 'cancelled') throw new Error(`the consultation is ${after.status} after cancelling`);
    if (!(await isEligible(chosen.userId))) throw new Error('cancelling did not give the free consultation back');
    return { detail: `${slot.start} with ${chosen.firstName} ${chosen.lastName}, session ${session.id}` };
  });

  return results;
}

const SYMBOLS: Record<CheckResult['outcome'], string> = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' };
export const printResult = ({ name, outcome, detail }: CheckResult) =>
  console.log(`${SYMBOLS[outcome]}  ${name}: ${detail}`);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      coach: { type: 'string' },
    },
  });
  if (!values.url) {
    console.error(
      'Usage: npm run smoke -- --url https://<site> [--email <mentee> --password <password>] [--coach <id>]',
    );
    process.exit(2);
  }
  const results = await runSmoke(
    { url: values.url, email: values.email, password: values.password, coachId: values.coach },
    printResult,
  );
  const failed = results.filter((result) => result.outcome === 'fail').length;
  console.log(failed ? `\n${failed} check(s) failed` : '\nAll checks passed');
  process.exit(failed ? 1 : 0);
}
