import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { MediaType, UPLOAD_QUOTA_MESSAGES } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startPeer, startTestServer, type TestServer } from '../../../test/harness';
import { jpegWithGps } from '../../../test/media';
import { createUpload, listenForTus, patchBytes, tusRequest } from '../../../test/tus';

let s: TestServer;
let origin: string;
const MB = 1024 * 1024;
const MAX_UNFINISHED = 3;
const IDLE_MINUTES = 60;
const partialDir = () => path.join(s.dataDir, 'uploads', 'partial');
const idOf = (url: string) => url.split('/').pop()!;
const photo = { mediaType: String(MediaType.RatingPhoto), filename: 'a.jpg' };
const video = { mediaType: String(MediaType.RatingVideo), filename: 'clip.mp4' };
const unfinishedOf = async (userId: number) => (await s.ctx.partialUploads.unfinishedOf(userId, Date.now(), IDLE_MINUTES * 60_000)).count;

beforeAll(async () => {
  s = await startTestServer({
    UPLOADS_MAX_UNFINISHED: String(MAX_UNFINISHED),
    UPLOADS_MAX_ANNOUNCED_BYTES: String(3 * MB),
    UPLOADS_IDLE_EXPIRY_MINUTES: String(IDLE_MINUTES),
    MEDIA_MAX_IMAGE_BYTES: String(MB),
    MEDIA_MAX_AUDIO_BYTES: String(MB),
    MEDIA_MAX_FILE_BYTES: String(MB),
    MEDIA_MAX_VIDEO_BYTES: String(2 * MB),
  });
  ({ origin } = await listenForTus(s));
});
afterAll(() => s.close());

describe('unfinished resumable uploads per user (DESIGN §7)', () => {
  it('refuses one more than UPLOADS_MAX_UNFINISHED (429, Retry-After), until one finishes, is deleted or expires', async () => {
    const [me, other] = await Promise.all([signUp(s), signUp(s)]);
    const jpeg = await jpegWithGps();
    const finishing = await createUpload(origin, me.token, jpeg.length, photo);
    const deleting = await createUpload(origin, me.token, 10, photo);
    const expiring = await createUpload(origin, me.token, 10, photo);
    expect([finishing, deleting, expiring].map((u) => u.res.status)).toEqual([201, 201, 201]);
    const files = fs.readdirSync(partialDir()).length;

    const refused = (await createUpload(origin, me.token, 10, photo)).res;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/ld+json');
    expect(refused.json()['hydra:description']).toBe(UPLOAD_QUOTA_MESSAGES.tooMany(MAX_UNFINISHED));
    // Until the first of them expires by itself, if nothing arrives for it.
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(IDLE_MINUTES * 60 - 120);
    expect(wait).toBeLessThanOrEqual(IDLE_MINUTES * 60);
    expect(fs.readdirSync(partialDir())).toHaveLength(files);
    // Another user's quota is their own.
    expect((await createUpload(origin, other.token, 10, photo)).res.status).toBe(201);

    // A finished upload no longer counts.
    expect((await patchBytes(finishing.url, me.token, 0, jpeg)).status).toBe(200);
    expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(201);
    expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(429);
    // Nor one its owner gave up (tus termination).
    expect((await tusRequest(deleting.url, 'DELETE', me.token)).status).toBe(204);
    expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(201);
    expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(429);
    // Nor one without progress for UPLOADS_IDLE_EXPIRY_MINUTES, before the sweep has removed it.
    const past = new Date(Date.now() - (IDLE_MINUTES + 1) * 60_000);
    for (const f of [idOf(expiring.url), `${idOf(expiring.url)}.json`]) fs.utimesSync(path.join(partialDir(), f), past, past);
    expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(201);
    expect((await tusRequest(expiring.url, 'HEAD', me.token)).status).toBe(410);
    expect(await unfinishedOf(me.id)).toBe(MAX_UNFINISHED);
  });

  it('refuses a length that takes the sum announced past UPLOADS_MAX_ANNOUNCED_BYTES (413); up to it is fine', async () => {
    const me = await signUp(s);
    expect((await createUpload(origin, me.token, 2 * MB, video)).res.status).toBe(201);
    const over = (await createUpload(origin, me.token, MB + 1, video)).res;
    expect(over.status).toBe(413);
    expect(over.json()['hydra:description']).toBe(UPLOAD_QUOTA_MESSAGES.tooManyBytes(3 * MB));
    expect(over.json()['hydra:description']).toContain('3 MB');
    expect(await unfinishedOf(me.id)).toBe(1);
    expect((await createUpload(origin, me.token, MB, video)).res.status).toBe(201);
  });

  it('lets only one of several creations at once take the last place', async () => {
    const me = await signUp(s);
    for (let i = 1; i < MAX_UNFINISHED; i++) expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(201);
    const at = await Promise.all(Array.from({ length: 4 }, () => createUpload(origin, me.token, 10, photo)));
    expect(at.map((u) => u.res.status).sort()).toEqual([201, 429, 429, 429]);
    expect(await unfinishedOf(me.id)).toBe(MAX_UNFINISHED);
  });
});

describe.skipIf(dbKind !== 'postgres')('two instances sharing DATA_DIR', () => {
  it('count the same unfinished uploads: a user at the quota on one is refused on the other', async () => {
    const peer = await startPeer(s);
    try {
      await peer.app.listen({ port: 0, host: '127.0.0.1' });
      const peerOrigin = `http://127.0.0.1:${(peer.app.server.address() as net.AddressInfo).port}`;
      const me = await signUp(s);
      for (let i = 0; i < MAX_UNFINISHED; i++) expect((await createUpload(origin, me.token, 10, photo)).res.status).toBe(201);
      expect((await createUpload(peerOrigin, me.token, 10, photo)).res.status).toBe(429);
    } finally {
      await peer.close();
    }
  });
});
