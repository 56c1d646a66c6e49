import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MEDIA_BUCKET, S3RVER_CLIENT } from '../../bin/local/s3';
import { type HeadshotUpload, type Profile, headshotUpload } from '../../functions/schemas/profile';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

let stack: TestStack;
let s3: S3Client;
let user: SignedInUser;
let otherUser: SignedInUser;

const call = (who: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(who ? who.auth : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function requestUpload(who: SignedInUser, contentType: string): Promise<HeadshotUpload> {
  const response = await call(who, 'POST', '/api/me/headshot', { contentType });
  expect(response.status).toBe(200);
  return headshotUpload.parse(await response.json());
}

/** What the browser does with the presigned POST: the policy fields, then the file, as a multipart form. */
async function upload(grant: HeadshotUpload, file: Buffer, fileName: string, contentType: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), fileName);
  const response = await fetch(grant.url, { method: 'POST', body: form });
  expect(response.ok).toBe(true);
  return grant.fields.key as string;
}

async function uploadFile(who: SignedInUser, file: Buffer, fileName: string, contentType: string) {
  return upload(await requestUpload(who, contentType), file, fileName, contentType);
}

const attach = (who: SignedInUser, key: string) => call(who, 'PUT', '/api/me/headshot', { key });

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_MEDIA_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key as string).sort();
}

const portrait = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function withProfile(): Promise<SignedInUser> {
  const created = await signedInUser(stack.config);
  expect((await call(created, 'POST', '/api/me')).status).toBe(201);
  return created;
}

beforeAll(async () => {
  stack = await startTestStack();
  s3 = new S3Client({ ...S3RVER_CLIENT, endpoint: process.env.S3_ENDPOINT });
  [user, otherUser] = await Promise.all([withProfile(), withProfile()]);
});

afterAll(async () => {
  s3?.destroy();
  await stack?.dispose();
});

describe('POST /api/me/headshot', () => {
  it("grants an upload into the caller's own folder", async () => {
    const grant = await requestUpload(user, 'image/jpeg');
    expect(grant.fields.key).toMatch(new RegExp(`^uploads/${user.userId}/[0-9a-f-]{36}$`));
    expect(grant.fields['Content-Type']).toBe('image/jpeg');
    expect(grant.fields.Policy).toBeTruthy();
  });

  it.each(['image/svg+xml', 'text/plain', 'application/octet-stream'])('refuses %s', async (contentType) => {
    const response = await call(user, 'POST', '/api/me/headshot', { contentType });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { details: [{ field: 'body.contentType', message: 'Please select an image file.' }] },
    });
  });
});

describe('PUT /api/me/headshot', () => {
  let firstUrl: string;

  it('turns an uploaded PNG into the square JPEG variants and links the 256 px one from the profile', async () => {
    const key = await uploadFile(user, await portrait(800, 600), 'me.png', 'image/png');
    const response = await attach(user, key);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Profile;
    const version = key.split('/').at(-1);
    firstUrl = `/media/headshots/${user.userId}/${version}/256.jpg`;
    expect(profile.headshotUrl).toBe(firstUrl);

    expect(await keysUnder(`media/headshots/${user.userId}/`)).toEqual(
      ['128', '200', '256', '512', '64'].map((size) => `media/headshots/${user.userId}/${version}/${size}.jpg`),
    );
    expect(await keysUnder(`uploads/${user.userId}/`)).toEqual([]);

    const served = await fetch(`${stack.apiUrl}${firstUrl}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const { width, height, format } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ width, height, format }).toEqual({ width: 256, height: 256, format: 'jpeg' });
  });

  it('replaces the previous headshot and removes its files', async () => {
    const key = await uploadFile(user, await portrait(300, 500), 'new.png', 'image/png');
    const profile = (await (await attach(user, key)).json()) as Profile;
    expect(profile.headshotUrl).not.toBe(firstUrl);
    const keys = await keysUnder(`media/headshots/${user.userId}/`);
    expect(keys).toHaveLength(5);
    expect(keys.every((stored) => stored.includes(key.split('/').at(-1) as string))).toBe(true);
  });

  it('refuses a 6 MB file, which s3rver accepted despite the policy, and removes it', async () => {
    const before = (await (await call(user, 'GET', '/api/me')).json()) as Profile;
    const key = await uploadFile(user, Buffer.alloc(6 * 1024 * 1024, 1), 'huge.png', 'image/png');
    const response = await attach(user, key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'Please select an image smaller than 5MB.' } });
    expect(await keysUnder(key)).toEqual([]);
    expect(((await (await call(user, 'GET', '/api/me')).json()) as Profile).headshotUrl).toBe(before.headshotUrl);
  });

  it('refuses a text file renamed .png', async () => {
    const key = await uploadFile(user, Buffer.from('just some text, not a picture'), 'notes.png', 'image/png');
    const response = await attach(user, key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'Please select an image file.' } });
  });

  it("answers 404 for another user's upload and leaves it in place", async () => {
    const key = await uploadFile(otherUser, await portrait(200, 200), 'theirs.png', 'image/png');
    expect((await attach(user, key)).status).toBe(404);
    expect(await keysUnder(key)).toEqual([key]);
  });

  it.each([
    ['a published file', () => firstUrl.slice(1)],
    ['a key outside the upload folder', () => 'config.json'],
    ['an upload that does not exist', () => `uploads/${user.userId}/00000000-0000-4000-8000-000000000000`],
  ])('answers 404 for %s', async (_case, key) => {
    expect((await attach(user, key())).status).toBe(404);
  });
});

describe('DELETE /api/me/headshot', () => {
  it('clears the headshot and removes its files', async () => {
    const response = await call(user, 'DELETE', '/api/me/headshot');
    expect(response.status).toBe(200);
    expect(((await response.json()) as Profile).headshotUrl).toBeNull();
    expect(await keysUnder(`media/headshots/${user.userId}/`)).toEqual([]);
  });
});

describe('without a token', () => {
  it.each([
    ['POST', { contentType: 'image/png' }],
    ['PUT', { key: 'uploads/x/y' }],
    ['DELETE', undefined],
  ])('%s /api/me/headshot answers 401', async (method, body) => {
    expect((await call(null, method, '/api/me/headshot', body)).status).toBe(401);
  });
});
