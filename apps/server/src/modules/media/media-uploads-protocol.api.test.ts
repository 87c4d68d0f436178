import fs from 'node:fs';
import path from 'node:path';
import { MediaType, UPLOADS_PATH } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { createUpload, listenForTus, tusMetadata, tusRequest, type TusAnswer } from '../../../test/tus';

let s: TestServer;
let origin: string;
let me: Awaited<ReturnType<typeof signUp>>;
const partials = () => fs.readdirSync(path.join(s.dataDir, 'uploads', 'partial'));
const photo = { mediaType: String(MediaType.RatingPhoto), filename: 'a.jpg' };
const creation = { 'upload-length': '10', 'upload-metadata': tusMetadata(photo) };
const octets = { 'content-type': 'application/offset+octet-stream' };

beforeAll(async () => {
  s = await startTestServer({ UPLOADS_IDLE_EXPIRY_MINUTES: '60' });
  ({ origin } = await listenForTus(s));
  me = await signUp(s);
});
afterAll(() => s.close());

/** A request as a client sends it, `Tus-Resumable` included only when given. */
async function raw(url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<TusAnswer> {
  const res = await fetch(url, { method, headers: { authorization: `Bearer ${me.token}`, ...headers }, ...(body ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** A refusal in the API's Hydra shape (an error, or violations naming `header`), with the protocol's version. */
function expectHydra(res: TusAnswer, status: number, header?: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers.get('tus-resumable')).toBe('1.0.0');
  expect(res.headers.get('content-type')).toContain('application/ld+json');
  if (header) expect((res.json().violations as { propertyPath: string }[]).map((v) => v.propertyPath)).toContain(header);
  else expect(res.json()['@type']).toBe('hydra:Error');
}

describe('what tus 1.0.0 refuses answers its 4xx, never a 5xx (DESIGN §7)', () => {
  it('answers 412 with Tus-Version to a Tus-Resumable it does not speak, or none, and does nothing', async () => {
    const { url } = await createUpload(origin, me.token, 10, photo);
    const before = partials();
    for (const version of ['0.2.2', '2.0.0', null]) {
      const v: Record<string, string> = version ? { 'tus-resumable': version } : {};
      const answers = [
        await raw(`${origin}${UPLOADS_PATH}`, 'POST', { ...v, ...creation }),
        await raw(url, 'HEAD', v),
        await raw(url, 'PATCH', { ...v, ...octets, 'upload-offset': '0' }, Buffer.alloc(10)),
        await raw(url, 'DELETE', v),
      ];
      for (const res of answers) {
        expect(res.status, `${version}: ${res.body}`).toBe(412);
        expect(res.headers.get('tus-version')).toBe('1.0.0');
        expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      }
      expect(answers[0]!.json()['@type']).toBe('hydra:Error');
      expect(answers[0]!.json()['hydra:description']).toContain(version ?? 'required');
    }
    expect(partials()).toEqual(before);
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');
  });

  it('answers 400 to Upload-Concat (no concatenation extension), partial or final, not 501', async () => {
    const before = partials();
    for (const concat of ['partial', `final;${UPLOADS_PATH}${'a'.repeat(32)} ${UPLOADS_PATH}${'b'.repeat(32)}`]) {
      const res = await tusRequest(`${origin}${UPLOADS_PATH}`, 'POST', me.token, { ...creation, 'upload-concat': concat });
      expectHydra(res, 400, 'Upload-Concat');
    }
    expect(partials()).toEqual(before);
  });

  it('answers 400 to Upload-Defer-Length (the length is needed at creation) and to a PATCH that sets a length', async () => {
    const before = partials();
    const both = await tusRequest(`${origin}${UPLOADS_PATH}`, 'POST', me.token, { ...creation, 'upload-defer-length': '1' });
    expectHydra(both, 400, 'Upload-Defer-Length');
    expect(partials()).toEqual(before);
    const { url } = await createUpload(origin, me.token, 10, photo);
    const patch = await tusRequest(url, 'PATCH', me.token, { ...octets, 'upload-offset': '0', 'upload-length': '10' }, Buffer.alloc(10));
    expectHydra(patch, 400, 'Upload-Length');
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');
  });

  it('answers 415 to a PATCH whose bytes are not application/offset+octet-stream, or untyped', async () => {
    const { url } = await createUpload(origin, me.token, 10, photo);
    const types: Record<string, string>[] = [{ 'content-type': 'application/octet-stream' }, { 'content-type': 'text/plain' }, {}];
    for (const type of types) {
      expectHydra(await tusRequest(url, 'PATCH', me.token, { ...type, 'upload-offset': '0' }, Buffer.alloc(10)), 415);
    }
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');
  });

  it('answers 400 to a PATCH without a valid Upload-Offset (not 403)', async () => {
    const { url } = await createUpload(origin, me.token, 10, photo);
    const offsets: Record<string, string>[] = [{}, { 'upload-offset': '-1' }, { 'upload-offset': 'abc' }, { 'upload-offset': '01' }];
    for (const offset of offsets) {
      expectHydra(await tusRequest(url, 'PATCH', me.token, { ...octets, ...offset }, Buffer.alloc(10)), 400, 'Upload-Offset');
    }
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');
  });

  it('answers 413 to a length over Tus-Max-Size and 400 to malformed Upload-Metadata, as before', async () => {
    const max = s.ctx.config.mediaLimits.video;
    const video = { ...photo, mediaType: String(MediaType.RatingVideo) };
    expectHydra((await createUpload(origin, me.token, max + 1, video)).res, 413);
    expectHydra((await createUpload(origin, me.token, 10, photo, { 'upload-metadata': 'mediaType !!!' })).res, 400, 'Upload-Metadata');
  });

  it('says what it offers in OPTIONS (expiration, no creation-defer-length) and when an unfinished upload expires', async () => {
    const options = await tusRequest(`${origin}${UPLOADS_PATH}`, 'OPTIONS', me.token);
    expect(options.headers.get('tus-extension')?.split(',').sort()).toEqual(
      ['creation', 'creation-with-upload', 'expiration', 'termination'].sort(),
    );
    const { res, url } = await createUpload(origin, me.token, 20, photo);
    const inAnHour = (r: TusAnswer) => Date.parse(r.headers.get('upload-expires') ?? '') - Date.now();
    expect(inAnHour(res)).toBeGreaterThan(55 * 60_000);
    expect(inAnHour(res)).toBeLessThanOrEqual(60 * 60_000);
    const patch = await tusRequest(url, 'PATCH', me.token, { ...octets, 'upload-offset': '0' }, Buffer.alloc(10));
    expect(patch.status).toBe(204);
    expect(inAnHour(patch)).toBeGreaterThan(55 * 60_000);
    // A client of another origin (CORS_ORIGINS) may read it.
    expect(res.headers.get('access-control-expose-headers')).toContain('Upload-Expires');
  });
});
