import { ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { HttpError } from '../../http/errors';

/** What an uploaded roster file is, by its bytes: a zip (xlsx), or text. */
export type RosterFileKind = 'xlsx' | 'text';

export const unsupportedFile = () => new HttpError(415, ROSTER_IMPORT_MESSAGES.unsupported);

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);

/** Files people may pick by mistake (old Excel, PDF, images, Word), known by their first bytes: a 415, never names read from binary. */
const BINARY_SIGNATURES = [
  [0xd0, 0xcf, 0x11, 0xe0], // OLE: .xls, .doc
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

/**
 * The kind of a roster file from its first bytes: a zip is taken as xlsx (the workbook reader says if it is not one);
 * known binary formats, and bytes with NULs that are not UTF-16 with its BOM, are refused with a 415.
 */
export function sniffRosterFile(bytes: Uint8Array): RosterFileKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (BINARY_SIGNATURES.some((s) => startsWith(bytes, s))) throw unsupportedFile();
  if (utf16Bom(bytes)) return 'text';
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) throw unsupportedFile();
  return 'text';
}

function utf16Bom(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Text from a file's bytes: UTF-8 (with or without BOM), UTF-16 LE/BE (by their BOM), and otherwise Windows-1252, the
 * encoding Excel on Windows saves CSV in: bytes that are not valid UTF-8 ("Zo\xEB") are read as 1252 ("Zoë").
 */
export function decodeRosterText(bytes: Uint8Array): string {
  const utf16 = utf16Bom(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes.subarray(2));
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/** Windows-1252's 0x80–0x9F (Node's decoder of that name reads them as Latin-1 control characters); undefined bytes stay. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(b: Uint8Array): string {
  let out = '';
  for (const byte of b) out += byte >= 0x80 && byte < 0xa0 ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return out;
}
