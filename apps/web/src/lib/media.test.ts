// @vitest-environment jsdom
import { MediaType } from '@skillroom/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadMedia, UPLOAD_RETRY_MS } from './media';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

describe('uploadMedia', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits its turn when the server holds the upload back with 429, then sends it again', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(429, { '@type': 'hydra:Error', 'hydra:description': 'At most 2 uploads at a time: please wait for one to finish.' }),
      )
      .mockResolvedValueOnce(json(201, { '@id': '/api/auth/v1/media/5', id: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    const done = uploadMedia(new File(['x'], 'a.png', { type: 'image/png' }), MediaType.UserAvatar);
    await vi.advanceTimersByTimeAsync(UPLOAD_RETRY_MS);
    await expect(done).resolves.toMatchObject({ id: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("passes the server's reason on for other refusals, without retrying", async () => {
    const fetchMock = vi.fn(async () => json(413, { '@type': 'hydra:Error', 'hydra:description': 'The file is too large.' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(uploadMedia(new File(['x'], 'a.png'), MediaType.UserAvatar)).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
