import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { MB, zipBomb } from '../../test/zip-bombs';
import { boundedUnzip, storedZip, UnpackedTooLarge, UnreadableZip } from './bounded-unzip';

describe('boundedUnzip', () => {
  it('gives every file entry inflated, and re-packs them STORED so that a reader has nothing to inflate', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'hello');
    zip.file('d/b.xml', 'x'.repeat(100_000));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const entries = await boundedUnzip(bytes, { maxBytes: MB });
    expect(entries.map((e) => [e.name, e.data.length])).toEqual([
      ['a.txt', 5],
      ['d/b.xml', 100_000],
    ]);
    const again = await JSZip.loadAsync(await storedZip(entries));
    expect(
      Object.values(again.files).map((f) => [
        f.name,
        (f as unknown as { _data: { compression: { magic: string } } })._data.compression.magic,
      ]),
    ).toEqual([
      ['a.txt', '\x00\x00'],
      ['d/b.xml', '\x00\x00'],
    ]);
    expect(await again.file('d/b.xml')!.async('string')).toBe('x'.repeat(100_000));
  });

  it('stops an entry that inflates past the size its headers declare, without inflating the rest', async () => {
    // 200 MB of zeros declared as 1 KB: the count stops it after the first chunk past 1 KB.
    const bomb = await zipBomb([{ name: 'sheet.xml', zeros: 200 * MB, declaredSize: 1024 }]);
    const before = process.memoryUsage();
    await expect(boundedUnzip(bomb, { maxBytes: 64 * MB })).rejects.toBeInstanceOf(UnpackedTooLarge);
    const after = process.memoryUsage();
    expect(after.heapUsed + after.external - before.heapUsed - before.external).toBeLessThan(16 * MB);
  });

  it('stops honest entries whose sum passes the cap: at the header when it says so, else by the count', async () => {
    const honest = await zipBomb([{ name: 'big.xml', zeros: 100 * MB }]);
    await expect(boundedUnzip(honest, { maxBytes: 64 * MB })).rejects.toBeInstanceOf(UnpackedTooLarge);
    const split = await zipBomb([
      { name: 'a.xml', zeros: 40 * MB },
      { name: 'b.xml', zeros: 40 * MB },
    ]);
    await expect(boundedUnzip(split, { maxBytes: 64 * MB })).rejects.toBeInstanceOf(UnpackedTooLarge);
    expect((await boundedUnzip(split, { maxBytes: 80 * MB })).map((e) => e.data.length)).toEqual([40 * MB, 40 * MB]);
  });

  it('refuses too many entries, and bytes that are no zip', async () => {
    const many = await zipBomb(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, content: Buffer.from('x') })));
    await expect(boundedUnzip(many, { maxBytes: MB, maxEntries: 20 })).rejects.toBeInstanceOf(UnpackedTooLarge);
    await expect(boundedUnzip(Buffer.from('PK\x03\x04 not a zip'), { maxBytes: MB })).rejects.toBeInstanceOf(UnreadableZip);
  });
});
