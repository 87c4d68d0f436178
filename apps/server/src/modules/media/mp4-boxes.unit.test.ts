import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mp4 } from '../../../test/media';
import { inspectMp4 } from './mp4-boxes';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp4-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, data: Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  return p;
};

describe('inspectMp4', () => {
  it('reads the length and the display size, swapped when the track is turned by 90°', async () => {
    expect(await inspectMp4(write('a.mp4', mp4()), { scrub: false })).toEqual({ dims: { width: 1920, height: 1080 }, duration: 2.5 });
    expect((await inspectMp4(write('b.mp4', mp4({ turned: true })), { scrub: false }))?.dims).toEqual({ width: 1080, height: 1920 });
  });

  it('finds moov after the media data too', async () => {
    expect(await inspectMp4(write('c.mp4', mp4({ moovLast: true })), { scrub: false })).toEqual({ dims: { width: 1920, height: 1080 }, duration: 2.5 });
  });

  it('wipes every udta box in place: same length, no location left, size still readable', async () => {
    const original = mp4({ location: '+48.8584+002.2945/' });
    const p = write('d.mp4', original);
    await inspectMp4(p, { scrub: true });
    const after = fs.readFileSync(p);
    expect(after.length).toBe(original.length);
    expect(after.includes('+48.8584')).toBe(false);
    expect(after.includes('udta')).toBe(false);
    expect(after.includes('free')).toBe(true);
    expect(await inspectMp4(p, { scrub: false })).toEqual({ dims: { width: 1920, height: 1080 }, duration: 2.5 });
  });

  it('answers null for what is not an MP4', async () => {
    expect(await inspectMp4(write('e.bin', Buffer.from('not a video at all')), { scrub: false })).toBeNull();
    expect(await inspectMp4(write('f.bin', Buffer.alloc(0)), { scrub: false })).toBeNull();
  });
});
