import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { TestServer } from './harness';

export interface FilePart {
  field?: string;
  filename: string;
  type: string;
  content: Buffer;
}

/**
 * `n` bytes that no type sniffer takes for a known format, for uploads meant as plain files: random bytes after a
 * plain-text head. Random bytes alone start like an MP3 or AAC frame (or PostScript) about once in 2,500 files, and such
 * an upload is then refused as a recording ffmpeg cannot read: a test that passes almost always.
 */
export function opaqueBytes(n: number): Buffer {
  const head = Buffer.from('skillroom test file: opaque bytes follow\n');
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, n - head.length))]).subarray(0, n);
}

/** A multipart/form-data body as a browser's FormData sends it, fields and file in the order given. */
export function multipart(parts: (Record<string, string> | FilePart)[]) {
  const boundary = `----skillroom${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('content' in p && Buffer.isBuffer(p.content)) {
      const f = p as FilePart;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'mediaFile[file]'}"; filename="${f.filename}"\r\n` +
            `Content-Type: ${f.type}\r\n\r\n`,
        ),
      );
      chunks.push(f.content, Buffer.from('\r\n'));
    } else {
      for (const [k, v] of Object.entries(p as Record<string, string>))
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts an upload the way the specification's client does: mediaType, then mediaFile[file], then encode. */
export function upload(
  s: Pick<TestServer, 'app'>,
  token: string | null,
  mediaType: number | string | null,
  file: FilePart | null,
  extra: Record<string, string> = {},
) {
  const parts: (Record<string, string> | FilePart)[] = [];
  if (mediaType !== null) parts.push({ mediaType: String(mediaType) });
  if (file) parts.push(file);
  if (Object.keys(extra).length) parts.push(extra);
  const { payload, contentType } = multipart(parts);
  return s.app.inject({
    method: 'POST',
    url: '/api/auth/v1/media',
    headers: { 'content-type': contentType, accept: 'application/ld+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
}

/** An upload whose body arrives only when `finish` is called; `reading` resolves once the server reads from it. */
export function heldUpload(s: Pick<TestServer, 'app'>, token: string, content: Buffer) {
  const { payload, contentType } = multipart([{ mediaType: '7' }, { filename: 'a.png', type: 'image/png', content }]);
  let finish!: () => void;
  let started!: () => void;
  const reading = new Promise<void>((r) => (started = r));
  const released = new Promise<void>((r) => (finish = r));
  let sent = 0;
  const body = new Readable({
    read() {
      started();
      if (sent === 0) {
        sent = 1;
        this.push(payload.subarray(0, 100));
      } else if (sent === 1) {
        sent = 2;
        void released.then(() => (this.push(payload.subarray(100)), this.push(null)));
      }
    },
  });
  const answer = s.app.inject({
    method: 'POST',
    url: '/api/auth/v1/media',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
  });
  return { answer, reading, finish };
}

/** A JPEG a phone might send: turned by EXIF orientation 6, with the camera's name and a GPS position. */
export function jpegWithGps(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#3fa9f5' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SpyCam', Model: 'Pocket 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();
}

/** Whether EXIF data points at a GPS directory (tag 0x8825, in either byte order). */
export const hasGpsTag = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

/** A PCM WAV of `seconds` of a 440 Hz tone, 8 kHz mono 16-bit, written by hand. */
export function wav(seconds: number, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16); // fmt chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28); // byte rate
  h.writeUInt16LE(2, 32); // block align
  h.writeUInt16LE(16, 34); // bits per sample
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Fetches a link the way an <img> does: no Authorization header, no cookie. */
export const fetchBare = (s: TestServer, url: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url, headers });

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...n: number[]) => Buffer.concat(n.map((v) => Buffer.from([(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));
const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const TURNED = [0, 0x10000, 0, 0xffff0000, 0, 0, 0, 0, 0x40000000];

/**
 * A minimal MP4 as a phone writes one: a 1920x1080 video track (turned by 90° if asked), 2.5 s long, and the place
 * of shooting in moov/udta/©xyz, which must never leave the server.
 */
export function mp4(o: { turned?: boolean; moovLast?: boolean; location?: string } = {}) {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const mvhd = box(
    'mvhd',
    u32(0, 0, 0, 1000, 2500, 0x10000),
    Buffer.from([1, 0]),
    Buffer.alloc(10),
    u32(...IDENTITY),
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = box(
    'tkhd',
    u32(7, 0, 0, 1, 0, 2500),
    Buffer.alloc(8),
    Buffer.alloc(8),
    u32(...(o.turned ? TURNED : IDENTITY)),
    u32(1920 << 16, 1080 << 16),
  );
  const location = o.location ?? '+51.5074-000.1278/';
  const xyz = box('\xa9xyz', Buffer.from([0, location.length, 0x15, 0xc7]), Buffer.from(location, 'latin1'));
  const moov = box('moov', mvhd, box('trak', tkhd, box('udta', xyz)), box('udta', xyz));
  const mdat = box('mdat', Buffer.alloc(64, 1));
  return o.moovLast ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]);
}

/** A signed link with its signature's first character changed (never to the same one: `_` is a base64url digit too). */
export const tamperedSignature = (url: string) => url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
