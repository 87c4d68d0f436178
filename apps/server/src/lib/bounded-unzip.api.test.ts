import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType, ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { createClass, type TestUser } from '../../test/classes';
import { upload } from '../../test/media';
import { officeWithProperties } from '../../test/metadata-files';
import { importFile, placeCount } from '../../test/roster';
import { MB, workbookBomb, zipBomb } from '../../test/zip-bombs';
import { mediaRepository } from '../modules/media/media.repository';

// Every zip the server is sent is counted as it inflates (lib/bounded-unzip.ts): a bomb is refused with a 413 that
// names the unpacked cap, at once, and the server's memory does not grow by anything near it.
let s: TestServer;
let t: TestUser;
let classId: number;
beforeAll(async () => {
  s = await startTestServer();
  t = await signUp(s);
  classId = (await createClass(s, t)).id;
});
afterAll(() => s.close());

/** Resident memory (worker threads included) grown while `send` runs. */
async function grownBy(send: () => Promise<void>) {
  const before = process.memoryUsage().rss;
  await send();
  return process.memoryUsage().rss - before;
}

async function workbook() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Class').addRows([
    ['First name', 'Last name'],
    ['Ana', 'Lopez'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('roster import of a workbook that is a zip bomb', () => {
  beforeAll(async () => {
    // The worker thread and exceljs are loaded by a first import, so that the measures below count only the bombs.
    const res = await importFile(s, t.token, classId, await workbook(), { dryRun: true, filename: 'class.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('413 naming the unpacked cap for a part whose header says 1 KB and which inflates to 300 MB; memory stays flat', async () => {
    const bomb = await workbookBomb(300 * MB, 1024);
    expect(bomb.length).toBeLessThan(MB);
    let res!: Awaited<ReturnType<typeof importFile>>;
    const grown = await grownBy(async () => {
      res = await importFile(s, t.token, classId, bomb, { dryRun: true, filename: 'class.xlsx' });
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().detail).toBe(ROSTER_IMPORT_MESSAGES.unpacksTooLarge);
    expect(ROSTER_IMPORT_MESSAGES.unpacksTooLarge).toBe('The workbook unpacks to too much: at most 64 MB.');
    expect(grown).toBeLessThan(64 * MB);
  });

  it('413 naming the unpacked cap for an honest workbook over it (not the 2 MB file cap); nothing written', async () => {
    const honest = await workbookBomb(100 * MB);
    expect(honest.length).toBeLessThan(ROSTER_IMPORT_LIMITS.maxBytes);
    let res!: Awaited<ReturnType<typeof importFile>>;
    const grown = await grownBy(async () => {
      res = await importFile(s, t.token, classId, honest, { filename: 'class.xlsx' });
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().detail).toBe(ROSTER_IMPORT_MESSAGES.unpacksTooLarge);
    expect(grown).toBeLessThan(64 * MB);
    expect(await placeCount(s, classId)).toBe(0);
  });
});

describe('media upload of an Office document that is a zip bomb', () => {
  async function docxWith(bomb: { zeros: number; declaredSize?: number }) {
    const real = await JSZip.loadAsync(await officeWithProperties('docx'));
    const parts = await Promise.all(
      Object.values(real.files)
        .filter((f) => !f.dir)
        .map(async (f) => ({ name: f.name, content: await f.async('nodebuffer') })),
    );
    return zipBomb([...parts, { name: 'word/media/image1.bin', ...bomb }]);
  }

  it('413 naming the unpacked cap, for a lying part and for an honest one over the cap; nothing kept', async () => {
    const before = (await mediaRepository.list(s.ctx.db, { limit: 1000, offset: 0 })).total;
    for (const bomb of [{ zeros: 300 * MB, declaredSize: 1024 }, { zeros: 200 * MB }]) {
      const content = await docxWith(bomb);
      let res!: Awaited<ReturnType<typeof upload>>;
      const grown = await grownBy(async () => {
        res = await upload(s, t.token, MediaType.RatingFile, { filename: 'notes.docx', type: 'application/octet-stream', content });
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().detail).toBe('This document unpacks to too much: at most 128 MB.');
      expect(grown).toBeLessThan(128 * MB);
    }
    expect((await mediaRepository.list(s.ctx.db, { limit: 1000, offset: 0 })).total).toBe(before);
  });
});
