import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { heldUpload, upload } from '../../../test/media';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } }).png().toBuffer();

describe('POST /media: what one user may ask of the server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ MEDIA_MAX_IMAGE_PIXELS: '1000000', UPLOADS_PER_USER: '2' });
  });
  afterAll(() => s.close());

  it('refuses an image of more pixels than MEDIA_MAX_IMAGE_PIXELS with a clear message, and takes one within it', async () => {
    const u = await signUp(s);
    const big = await upload(s, u.token, 7, { filename: 'big.png', type: 'image/png', content: await png(1200, 1000) });
    expect(big.statusCode).toBe(400);
    expect(big.json().violations).toEqual([{ propertyPath: 'mediaFile', message: 'The image is too large: at most 1 megapixels.' }]);
    expect((await upload(s, u.token, 7, { filename: 'ok.png', type: 'image/png', content: await png(1000, 1000) })).statusCode).toBe(201);
  });

  it('answers 429 past UPLOADS_PER_USER uploads at a time for one user, while other users upload freely', async () => {
    const [u, other] = await Promise.all([signUp(s), signUp(s)]);
    const content = await png(40, 30);
    const first = heldUpload(s, u.token, content);
    const second = heldUpload(s, u.token, content);
    await Promise.all([first.reading, second.reading]);

    const third = await upload(s, u.token, 7, { filename: 'c.png', type: 'image/png', content });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'At most 2 uploads at a time: please wait for one to finish.' });
    expect((await upload(s, other.token, 7, { filename: 'o.png', type: 'image/png', content })).statusCode).toBe(201);

    first.finish();
    second.finish();
    expect((await first.answer).statusCode).toBe(201);
    expect((await second.answer).statusCode).toBe(201);
    // Slots are given back, after success and after failure alike.
    expect((await upload(s, u.token, 7, { filename: 'bad.png', type: 'image/png', content: Buffer.from('not a png') })).statusCode).not.toBe(429);
    expect((await upload(s, u.token, 7, { filename: 'd.png', type: 'image/png', content })).statusCode).toBe(201);
  });
});
