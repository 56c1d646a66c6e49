import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SITE_BUCKET, S3RVER_CLIENT } from '../../bin/local/s3';
import { DATA_PAGES, prerenderedFileOf } from '../../functions/domain/data-pages';
import { QUERY_STATE_ELEMENT_ID, withPageMarkup } from '../../functions/domain/page-html';
import { coach as coachSchema, coachList } from '../../functions/schemas/coach';
import { inlineRuntimeConfig, jsonDataBlockIn } from '../../functions/schemas/runtime-config-html';
import { mentorProfile, storeProfile } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;
let s3: S3Client;
const get = (path: string) => fetch(`${stack.apiUrl}${path}`);

const LOADING = '<main><p>Loading while the data arrives</p></main>';

/** What the deploy puts in the site bucket: the build's page in its loading state, with the config inlined. */
function template(page: string): string {
  const shell = `<html><head><meta name="description" content="Site" /><title>${page}</title></head><body><div id="root"></div><script type="module" src="/start-after-paint.js"></script></body></html>`;
  return inlineRuntimeConfig(
    withPageMarkup(shell, LOADING),
    JSON.stringify({
      stage: 'test',
      region: 'us-east-1',
      userPoolId: 'pool',
      userPoolClientId: 'client',
      privacyPolicyUrl: 'https://policies.example/privacy',
      termsOfServiceUrl: 'https://policies.example/terms',
      supportEmail: 'help@example.org',
    }),
  );
}

const putTemplate = (page: string) =>
  s3.send(
    new PutObjectCommand({ Bucket: LOCAL_SITE_BUCKET, Key: prerenderedFileOf(page).slice(1), Body: template(page) }),
  );

interface QueryState {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

function queryStateOf(html: string): QueryState {
  const state = jsonDataBlockIn(html, QUERY_STATE_ELEMENT_ID);
  if (state === undefined) throw new Error('The page carries no query state');
  return state as QueryState;
}

beforeAll(async () => {
  stack = await startTestStack();
  s3 = new S3Client({ ...S3RVER_CLIENT, endpoint: process.env.S3_ENDPOINT });
  await Promise.all(DATA_PAGES.map(putTemplate));
  await Promise.all([
    storeProfile(
      mentorProfile('p-cardio', {
        firstName: 'Ana',
        lastName: 'Alvarez',
        specialty: 'Cardiology',
        bio: 'Twenty years in interventional cardiology, <b>then</b> a hospital board.',
      }),
    ),
    storeProfile(mentorProfile('p-peds', { firstName: 'Ben', lastName: 'Brooks', specialty: 'Pediatrics' })),
    storeProfile(
      mentorProfile('p-hidden', { firstName: 'Dana', lastName: 'Diaz', specialty: 'Cardiology', published: false }),
    ),
  ]);
  await stack.directorySettled();
});

afterAll(async () => {
  s3?.destroy();
  await stack?.dispose();
});

describe('GET /coaches (the directory page)', () => {
  it('is the directory with the published mentors in its HTML, cached at the edge like the list', async () => {
    const response = await get('/coaches');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe((await get('/api/coaches')).headers.get('cache-control'));
    const html = await response.text();
    expect(html).toContain('Ana Alvarez');
    expect(html).toContain('Ben Brooks');
    expect(html).not.toContain('Dana Diaz');
    expect(html).not.toContain(LOADING);
    expect(html).toContain('<title>Find a Mentor · Physician Mentors</title>');
  });

  it('carries the first page of the list as the API answers it, for the app to start from', async () => {
    const html = await (await get('/coaches?specialty=Cardiology')).text();
    expect(html).toContain('Ana Alvarez');
    expect(html).not.toContain('Ben Brooks');
    const [query] = queryStateOf(html).queries;
    const answer = coachList.parse(await (await get('/api/coaches?specialty=Cardiology')).json());
    expect(query?.state.data).toEqual({ pages: [answer], pageParams: [null] });
  });

  it('renders a filter the list does not know as no filter, instead of refusing the page', async () => {
    const response = await get('/coaches?experience=7&utm_source=newsletter');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Ben Brooks');
  });

  it('answers a search the list refuses with its 400 and the page in its loading state', async () => {
    const response = await get(`/coaches?q=${'x'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(LOADING);
  });
});

describe('GET /coaches/{coachId} (a coach page)', () => {
  it("is the mentor's page with the details in its HTML, escaped, and the mentor for the app", async () => {
    const response = await get('/coaches/p-cardio');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(
      (await get('/api/coaches/p-cardio')).headers.get('cache-control'),
    );
    const html = await response.text();
    expect(html).toMatch(/<title>Ana Alvarez[^<]*· Physician Mentors<\/title>/);
    expect(html).toContain('Twenty years in interventional cardiology, &lt;b&gt;then&lt;/b&gt; a hospital board.');
    const [query] = queryStateOf(html).queries;
    expect(query?.state.data).toEqual(coachSchema.parse(await (await get('/api/coaches/p-cardio')).json()));
  });

  it.each([
    ['an unpublished mentor', '/coaches/p-hidden'],
    ['an unknown id', '/coaches/nobody'],
    ['an id no mentor can have', `/coaches/${'x'.repeat(65)}`],
    ['a path below a mentor', '/coaches/p-cardio/reviews'],
  ])('answers %s with 404 and the page in its loading state, which the app then explains', async (_case, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(LOADING);
    expect(html).not.toContain(QUERY_STATE_ELEMENT_ID);
  });

  it('is a server error, not a blank page, when the deploy left no template to render into', async () => {
    await s3.send(new DeleteObjectCommand({ Bucket: LOCAL_SITE_BUCKET, Key: prerenderedFileOf('coach').slice(1) }));
    try {
      expect((await get('/coaches/p-cardio')).status).toBe(500);
    } finally {
      await putTemplate('coach');
    }
  });
});
