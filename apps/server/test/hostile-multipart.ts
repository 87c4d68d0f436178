import zlib from 'node:zlib';
import fc from 'fast-check';
import { hostileString } from './hostile-values';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A 2×2 PNG, whole; and the same claiming width × height in a header with a valid checksum (a decompression bomb's shape). */
const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000000970485973000003e8000003e801b57b526b0000001249444154789c63305e556ebcaa9c01420100242e0551a19d53c90000000049454e44ae426082',
  'hex',
);
function pngClaiming(width: number, height: number) {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
/** File contents that only look like something: magic numbers followed by noise, or nothing. */
const hostileBytes = fc.oneof(
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      TINY_PNG,
      TINY_PNG,
      pngClaiming(50_000, 50_000),
      pngClaiming(1, 2 ** 31 - 1),
      pngClaiming(0, 0),
      PNG,
      Buffer.concat([PNG, Buffer.from('00018a8800018a88080600000000', 'hex')]),
      Buffer.from('GIF89a\xff\xff\xff\xff'),
      Buffer.from('%PDF-1.7\n%%EOF'),
      Buffer.from('504b0304', 'hex'),
      Buffer.from('000000186674797069736f6d', 'hex'),
      Buffer.from('ID3\x04'),
      Buffer.alloc(0),
    ),
  },
);

/** One hostile multipart upload: field values, file name and bytes, and the envelope itself. */
export const multipartPlan = (fields: string[]) =>
  fc.record({
    // Over a valid media type (a rating photo), so that the file itself is read.
    values: fc
      .dictionary(fc.constantFrom(...fields, 'encode'), fc.oneof(hostileString, fc.constantFrom('34', '32', '7', '1')), { maxKeys: 2 })
      .map((v) => ({ mediaType: '34', ...v })),
    fileField: fc.constantFrom('mediaFile[file]', 'mediaFile[file]', 'mediaFile[file]', 'mediaFile', 'file', '__proto__'),
    fileName: fc.oneof(hostileString, fc.constant('photo.png')),
    fileType: fc.constantFrom('image/png', 'application/octet-stream', 'text/html', '', 'image/png\u0000'),
    bytes: hostileBytes,
    envelope: fc.oneof(
      { weight: 12, arbitrary: fc.constant('good') },
      { weight: 1, arbitrary: fc.constantFrom('no-boundary', 'wrong-boundary', 'truncated', 'garbage', 'long-boundary', 'no-file') },
    ),
  });

type Plan = ReturnType<typeof multipartPlan> extends fc.Arbitrary<infer T> ? T : never;

/** The request of a plan, and how many hostile values it carries. */
export function multipartRequest(plan: Plan): { body: Buffer; contentType: string; hostile: number } {
  const boundary = plan.envelope === 'long-boundary' ? 'b'.repeat(300) : 'fuzzboundary';
  const part = (headers: string, content: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const parts = Object.entries(plan.values).map(([k, v]) => part(`Content-Disposition: form-data; name="${k}"`, v));
  if (plan.envelope !== 'no-file')
    parts.push(part(`Content-Disposition: form-data; name="${plan.fileField}"; filename="${plan.fileName}"\r\nContent-Type: ${plan.fileType}`, plan.bytes));
  let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  if (plan.envelope === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  if (plan.envelope === 'garbage') body = Buffer.from('garbage');
  const contentType =
    plan.envelope === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${plan.envelope === 'wrong-boundary' ? 'zzz' : boundary}`;
  // The values, the file's name and its bytes, and the envelope when it is broken.
  return { body, contentType, hostile: Object.keys(plan.values).length - 1 + 2 + Number(!['good', 'no-file'].includes(plan.envelope)) };
}
