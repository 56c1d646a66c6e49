import type { RequestLog } from './request-log';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lambdaHandler } from './lambda-modules';
import { demoMentorNpi, demoMentorRegistryResult, type FixtureAnswer, NPI_FIXTURES } from './npi-fixtures';
import { demoMentorsWithAccount } from './seed';

/** How long the registry keeps a "no answer" request waiting (the client gives up at 3 s). */
const NO_ANSWER_MS = 10_000;

type Outage = 'timeout' | 'errors' | 'http500';
const OUTAGES: readonly Outage[] = ['timeout', 'errors', 'http500'];

/** The stand-in's test controls, kept for the life of the local API server. */
export interface NpiStandInState {
  /** Every lookup answers this way until cleared. */
  outage: Outage | null;
  /** NPIs a control deactivated since the start (a verified mentor whose NPI the registry has since deactivated). */
  deactivated: Set<string>;
}

export const newNpiStandInState = (): NpiStandInState => ({ outage: null, deactivated: new Set() });

/** The demo mentors' own physicians, by NPI. */
const demoFixtures = (): Record<string, FixtureAnswer> =>
  Object.fromEntries(
    demoMentorsWithAccount('').map((mentor, position) => {
      const npi = demoMentorNpi(position);
      return [npi, { kind: 'result', result: demoMentorRegistryResult(mentor, npi) }];
    }),
  );
let demoAnswers: Record<string, FixtureAnswer> | undefined;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** The registry's own words for input it refuses, with HTTP 200 like the real API. */
const errorsBody = (description: string, field: string, number: string) => ({
  Errors: [{ description, field, number }],
});

function answer(res: ServerResponse, req: IncomingMessage, fixture: FixtureAnswer) {
  switch (fixture.kind) {
    case 'result':
      return json(res, 200, { result_count: 1, results: [fixture.result] });
    case 'no-result':
      return json(res, 200, { result_count: 0, results: [] });
    case 'errors':
      return json(
        res,
        200,
        errorsBody('The service is temporarily unavailable. Please try again later.', 'number', '99'),
      );
    case 'http-500':
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
    case 'no-answer': {
      // Answers (nothing found) only after NO_ANSWER_MS; a client that gave up closes the request first.
      const timer = setTimeout(() => json(res, 200, { result_count: 0, results: [] }), NO_ANSWER_MS);
      req.once('close', () => clearTimeout(timer));
      return;
    }
  }
}

const OUTAGE_ANSWERS: Record<Outage, FixtureAnswer> = {
  timeout: { kind: 'no-answer' },
  errors: { kind: 'errors' },
  http500: { kind: 'http-500' },
};

function deactivatedCopy(fixture: FixtureAnswer): FixtureAnswer {
  if (fixture.kind !== 'result') return fixture;
  const result = structuredClone(fixture.result);
  result.basic = { ...result.basic, status: 'D', deactivation_date: new Date().toISOString().slice(0, 10) };
  return { kind: 'result', result };
}

/** `GET /_local/npi/api/?version=2.1&number=…`: the NPPES NPI Registry API, as strict as the real one about its input. */
function lookup(req: IncomingMessage, res: ServerResponse, url: URL, state: NpiStandInState) {
  if (req.method !== 'GET') return json(res, 405, { message: 'Method Not Allowed' });
  if (url.searchParams.get('version') !== '2.1')
    return json(res, 200, errorsBody('Unsupported Version', 'version', '01'));
  const npi = url.searchParams.get('number') ?? '';
  if (!/^\d{10}$/.test(npi)) return json(res, 200, errorsBody('Field number must be 10 digits', 'number', '04'));
  if (state.outage) return answer(res, req, OUTAGE_ANSWERS[state.outage]);
  demoAnswers ??= demoFixtures();
  const fixture = NPI_FIXTURES[npi] ?? demoAnswers[npi] ?? { kind: 'no-result' };
  return answer(res, req, state.deactivated.has(npi) ? deactivatedCopy(fixture) : fixture);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * `/_local/npi/*`: the registry API, and its test controls (README):
 * `POST /_local/npi/outage {"mode": "timeout"|"errors"|"http500"|null}`,
 * `POST /_local/npi/deactivate {"npi"}`, and `POST /_local/npi/recheck`, which runs the monthly re-check now.
 */
export async function serveNpiStandIn(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: NpiStandInState,
  requestLog: RequestLog,
) {
  if (url.pathname === '/_local/npi/api/' || url.pathname === '/_local/npi/api') {
    requestLog.recordOnAnswer('npi', req, res);
    return lookup(req, res, url, state);
  }
  if (req.method === 'POST' && url.pathname === '/_local/npi/outage') {
    const { mode } = await readJson(req);
    if (mode !== null && !OUTAGES.includes(mode as Outage))
      return json(res, 400, { message: `mode is one of ${OUTAGES.join(', ')} or null` });
    state.outage = mode as Outage | null;
    return json(res, 200, { outage: state.outage });
  }
  if (req.method === 'POST' && url.pathname === '/_local/npi/deactivate') {
    const { npi } = await readJson(req);
    if (typeof npi !== 'string' || !/^\d{10}$/.test(npi)) return json(res, 400, { message: 'npi: 10 digits' });
    state.deactivated.add(npi);
    return json(res, 200, { deactivated: [...state.deactivated] });
  }
  if (req.method === 'POST' && url.pathname === '/_local/npi/recheck') {
    return json(res, 200, await (await lambdaHandler('recheckVerifiedMentors'))({}));
  }
  return json(res, 404, { message: 'Not a path of the local NPI Registry stand-in' });
}
