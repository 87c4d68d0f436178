import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import JSZip from 'jszip';
import { parseBuffer } from 'music-metadata';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { MediaType, type Media } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, probe } from '../../lib/ffmpeg';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, upload } from '../../../test/media';
import * as files from '../../../test/metadata-files';
import { mediaRepository } from './media.repository';

let s: TestServer;
let me: Awaited<ReturnType<typeof signUp>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-cleaning-'));
const hasFfmpeg = ffmpegPath() !== null;

beforeAll(async () => {
  s = await startTestServer({}, { jobs: true });
  me = await signUp(s);
});
afterAll(async () => {
  await s.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Uploads, then answers the row, the stored bytes and the served bytes, which must be the same clean file. Audio and
 * video sent as such are then made into their web copy (the transcoder): that copy is what is checked.
 */
async function keep(mediaType: number, filename: string, type: string, content: Buffer) {
  const res = await upload(s, me.token, mediaType, { filename, type, content });
  expect(res.statusCode, res.body).toBe(201);
  await s.ctx.jobs.drain('transcode');
  const m = (await s.api('GET', `/api/auth/v1/media/${res.json().id}`, { token: me.token })).json() as Media;
  const row = (await mediaRepository.findById(s.ctx.db, m.id))!;
  const stored = await buffer(await s.ctx.files.get(row.storageKey));
  const served = await fetchBare(s, m.url);
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(stored)).toBe(true);
  expect(row.size).toBe(stored.length);
  expect(m.fileSize).toBe(stored.length);
  expect(files.containsSecret(stored)).toBeNull();
  return { m, stored };
}

/** What ffmpeg and music-metadata read in a recording: its streams and whatever tags remain. */
async function readRecording(bytes: Buffer, name: string) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  const { common, native } = await parseBuffer(bytes);
  return { found: await probe(file), common, nativeTags: Object.values(native).flat() };
}

describe('every upload is cleaned by its content, whatever media type it was sent as', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`${format.toUpperCase()}: EXIF (author, GPS) and XMP go, as a photo and as a file`, async () => {
      const original = await files.imageWithMetadata(format);
      const before = await sharp(original).metadata();
      expect(before.exif && before.xmp).toBeTruthy();
      expect(files.containsSecret(original)).not.toBeNull();
      for (const t of [MediaType.RatingPhoto, MediaType.RatingFile]) {
        const { stored } = await keep(t, `photo.${format}`, `image/${format}`, original);
        const after = await sharp(stored).metadata();
        expect(after).toMatchObject({ format, width: 40, height: 30 });
        expect(after.exif).toBeUndefined();
        expect(after.xmp).toBeUndefined();
      }
    });
  }

  it('HEIC: sharp here reads only AVIF in HEIF, so an HEIC photo is refused, never kept with its metadata', async () => {
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
    // An HEIC header ("ftypheic"): sniffed as image/heic.
    const heic = Buffer.concat([Buffer.from('00000018667479706865696300000000686569636d696631', 'hex'), Buffer.alloc(64)]);
    expect(
      (await upload(s, me.token, MediaType.RatingFile, { filename: 'IMG_1.HEIC', type: 'image/heic', content: heic })).statusCode,
    ).toBe(415);
  });

  it.skipIf(!hasFfmpeg)('MP3: ID3v2 and ID3v1 tags go, sent as a file (37) or as audio (36), and it still plays as MP3', async () => {
    const original = await files.mp3WithTags();
    expect(original.subarray(0, 3).toString()).toBe('ID3');
    expect(original.subarray(original.length - 128, original.length - 125).toString()).toBe('TAG');
    for (const t of [MediaType.RatingFile, MediaType.RatingAudio]) {
      const { stored, m } = await keep(t, 'voice.mp3', 'audio/mpeg', original);
      expect(stored.subarray(0, 3).toString()).not.toBe('ID3');
      expect(stored.subarray(stored.length - 128, stored.length - 125).toString()).not.toBe('TAG');
      const { found, common, nativeTags } = await readRecording(stored, `v${t}.mp3`);
      expect(found).toMatchObject({ audio: t === MediaType.RatingFile ? 'mp3' : 'aac', video: null });
      expect(common.title).toBeUndefined();
      expect(nativeTags).toEqual([]);
      expect(m.duration).toBeGreaterThan(0.4);
    }
  });

  it.skipIf(!hasFfmpeg)('M4A: the iTunes tags go and it stays AAC in MP4', async () => {
    const original = await files.m4aWithTags();
    expect(files.containsSecret(original)).not.toBeNull();
    for (const t of [MediaType.RatingFile, MediaType.RatingAudio]) {
      const { stored } = await keep(t, 'voice.m4a', 'audio/mp4', original);
      const { found, common } = await readRecording(stored, `a${t}.m4a`);
      expect(found).toMatchObject({ audio: 'aac' });
      expect(found.container).toContain('mp4');
      expect(common.title).toBeUndefined();
    }
  });

  it.skipIf(!hasFfmpeg)('MP4 and WebM video: tags go, pictures and sound stay', async () => {
    for (const [name, type, make, codecs] of [
      ['clip.mp4', 'video/mp4', files.mp4WithTags, { video: 'h264', audio: 'aac' }],
      ['clip.webm', 'video/webm', files.webmWithTags, { video: 'vp8', audio: 'opus' }],
    ] as const) {
      const original = await make();
      expect(files.containsSecret(original)).not.toBeNull();
      for (const t of [MediaType.RatingFile, MediaType.RatingVideo]) {
        const { stored, m } = await keep(t, name, type, original);
        const { found, common } = await readRecording(stored, `${t}-${name}`);
        expect(found).toMatchObject(t === MediaType.RatingFile ? codecs : { video: 'h264', audio: 'aac' });
        expect(common.title).toBeUndefined();
        if (t === MediaType.RatingVideo) expect(m.fileDimensions).toBe('64x48');
      }
    }
  });

  it('PDF: the document information and the XMP stream go; the page stays', async () => {
    const original = await files.pdfWithMetadata();
    expect(files.containsSecret(original)).not.toBeNull();
    const { stored, m } = await keep(MediaType.RatingFile, 'report.pdf', 'application/pdf', original);
    expect(m.fileMimeType).toBe('application/pdf');
    const doc = await PDFDocument.load(stored, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    // Read before getAuthor(), which makes an empty information dictionary when there is none.
    expect(doc.context.trailerInfo.Info).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(doc.getAuthor()).toBeUndefined();
  });

  for (const kind of ['docx', 'xlsx', 'pptx'] as const) {
    it(`${kind.toUpperCase()}: author, last modified by, company and custom properties go; the document stays`, async () => {
      const original = await files.officeWithProperties(kind);
      const { stored, m } = await keep(MediaType.RatingFile, `notes.${kind}`, 'application/octet-stream', original);
      expect(m.fileMimeType).toMatch(/^application\/vnd\.openxmlformats-officedocument\./);
      const zip = await JSZip.loadAsync(stored);
      for (const [name, part] of Object.entries(zip.files)) {
        if (!part.dir) expect(files.containsSecret(await part.async('nodebuffer')), name).toBeNull();
      }
      expect(await zip.file('docProps/core.xml')!.async('string')).toContain('coreProperties');
      expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels']));
      expect(zip.file(/(document|workbook|presentation)\.xml$/)).toHaveLength(1);
    });
  }

  it('refuses, with a violation and nothing stored, a file of a cleaned type that cannot be read', async () => {
    const before = await mediaRepository.list(s.ctx.db, { limit: 1000, offset: 0 });
    const docx = await files.officeWithProperties('docx');
    const cases: [string, string, Buffer][] = [
      ['broken.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF')],
      // Sniffed as DOCX by its first part, but cut before the zip's directory.
      [
        'cut.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        docx.subarray(0, Math.floor(docx.length * 0.7)),
      ],
      ['old.doc', 'application/msword', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)])],
    ];
    if (hasFfmpeg)
      cases.push([
        'broken.mp3',
        'audio/mpeg',
        Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x10', 'latin1'), Buffer.alloc(16), Buffer.from('ID3 junk')]),
      ]);
    for (const [filename, type, content] of cases) {
      const res = await upload(s, me.token, MediaType.RatingFile, { filename, type, content });
      expect([400, 415], `${filename}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().violations[0].propertyPath).toBe('mediaFile');
    }
    expect((await mediaRepository.list(s.ctx.db, { limit: 1000, offset: 0 })).total).toBe(before.total);
  });
});
