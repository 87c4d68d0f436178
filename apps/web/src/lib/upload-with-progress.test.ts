// @vitest-environment jsdom
import { MediaType } from '@skillroom/contract/constants';
import { ErrorText } from '@skillroom/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { clearTokens, storeTokens } from './session';
import { retryAfterMs, uploadErrorOf, uploadWithProgress } from './upload-with-progress';

/** A stand-in XMLHttpRequest the test drives by hand: progress, answer, failure. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  retryAfter: string | null = null;
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'retry-after' ? this.retryAfter : null;
  }
  answer(status: number, body: unknown, retryAfter: string | null = null) {
    this.retryAfter = retryAfter;
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'HS256' })}.${b64({ userid: 3, exp: Math.floor(Date.now() / 1000) + 900 })}.sig`;
const file = new File(['abc'], 'photo.png', { type: 'image/png' });
const sent = async () => {
  // The token is read first (it may need a refresh), then the request goes.
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
  return FakeXhr.last;
};

describe('upload with progress (spec §7 POST /media, §8)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storeTokens({ token, refresh_token: 'r' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTokens();
    FakeXhr.last = undefined as unknown as FakeXhr;
  });

  it('sends the multipart fields with the bearer token and reports progress until the media arrives', async () => {
    const progress: number[] = [];
    const h = uploadWithProgress(file, MediaType.RatingVideo, (p) => progress.push(p.loaded / p.total), true);
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/auth/v1/media');
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect(xhr.body!.get('mediaType')).toBe('35');
    expect(xhr.body!.get('encode')).toBe('1');
    expect((xhr.body!.get('mediaFile[file]') as File).name).toBe('photo.png');
    xhr.upload.onprogress!({ loaded: 1, total: 4, lengthComputable: true });
    xhr.upload.onprogress!({ loaded: 4, total: 4, lengthComputable: true });
    xhr.answer(201, { id: 9, mediaType: 35 });
    await expect(h.done).resolves.toMatchObject({ id: 9 });
    expect(progress).toEqual([0.25, 1]);
  });

  it("a refusal gives the server's reason; anything else the spec's text", async () => {
    const h = uploadWithProgress(file, MediaType.RatingPhoto, () => undefined);
    (await sent()).answer(413, { 'hydra:description': 'The file is too large.' });
    await expect(h.done).rejects.toMatchObject({ status: 413, message: 'The file is too large.' });
    const h2 = uploadWithProgress(file, MediaType.RatingPhoto, () => undefined);
    (await sent()).answer(502, '<html>bad gateway</html>');
    await expect(h2.done).rejects.toMatchObject({ status: 502, message: ErrorText.mediaUpload });
    const h3 = uploadWithProgress(file, MediaType.RatingPhoto, () => undefined);
    (await sent()).onerror!();
    await expect(h3.done).rejects.toMatchObject({ status: 0, message: ErrorText.mediaUpload });
  });

  it('cancel stops it with an AbortError, before or after it was sent', async () => {
    const h = uploadWithProgress(file, MediaType.RatingFile, () => undefined);
    h.cancel();
    await expect(h.done).rejects.toMatchObject({ name: 'AbortError' });
    const h2 = uploadWithProgress(file, MediaType.RatingFile, () => undefined);
    await sent();
    h2.cancel();
    await expect(h2.done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an upload the server holds back (429) waits its turn and goes again', async () => {
    const h = uploadWithProgress(file, MediaType.RatingPhoto, () => undefined);
    const first = await sent();
    first.answer(429, { 'hydra:description': 'Too many uploads at once.' }, '0.01');
    await vi.waitFor(() => expect(FakeXhr.last).not.toBe(first));
    (await sent()).answer(201, { id: 4 });
    await expect(h.done).resolves.toMatchObject({ id: 4 });
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(null)).toBe(2000);
    expect(retryAfterMs('soon')).toBe(2000);
  });

  it('cancelling while it waits its turn stops it', async () => {
    const h = uploadWithProgress(file, MediaType.RatingPhoto, () => undefined);
    (await sent()).answer(429, {}, '30');
    await new Promise((r) => setTimeout(r, 5));
    h.cancel();
    await expect(h.done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads error bodies defensively', () => {
    expect(uploadErrorOf(415, '{"hydra:description":"Wrong type."}')).toEqual(new ApiError(415, 'Wrong type.'));
    expect(uploadErrorOf(400, 'not json').message).toBe(ErrorText.mediaUpload);
    expect(uploadErrorOf(500, '{"hydra:description":"boom"}').message).toBe(ErrorText.mediaUpload);
  });
});
