import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processUpload } from './media.processor';

describe('processUpload', () => {
  it('does image work inside the given job runner (MEDIA_IMAGE_JOBS) and nothing else', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-proc-'));
    try {
      const png = path.join(dir, 'a.png');
      fs.writeFileSync(png, await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123' } }).png().toBuffer());
      const txt = path.join(dir, 'a.txt');
      fs.writeFileSync(txt, 'plain text');
      let inside = 0;
      const run = async <T>(work: () => Promise<T>) => {
        inside++;
        return work();
      };
      const opts = { encode: false, originalExt: null, maxPixels: 1_000_000, run };
      expect((await processUpload(png, fs.statSync(png).size, 'image', opts)).fileDimensions).toBe('20x10');
      expect(inside).toBe(1);
      await processUpload(txt, 10, 'file', { ...opts, originalExt: 'txt' });
      expect(inside).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
