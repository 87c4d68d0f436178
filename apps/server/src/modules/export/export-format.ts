/*
 * How an export writes values: HTML escaped (a note is hostile text), CSV cells quoted and guarded against formula
 * injection, dates as dd/MM/yyyy, file names safe on every system.
 */

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML[c]!);

/**
 * One CSV cell (RFC 4180). A spreadsheet would run a cell starting with = + - @ (or a tab or carriage return that
 * hides one) as a formula, so such a text gets a leading apostrophe (OWASP "CSV injection"); numbers stay numbers.
 */
export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}
export const csvRow = (cells: (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** 2026-09-07 → 07/09/2026. */
export const dayMonthYear = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A name usable as a file or folder name in a zip on every system: letters and digits of any script kept. */
export function safeName(name: string, fallback: string) {
  const clean = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60);
  return clean || fallback;
}

/** A zip path as a relative link in a page (each segment URL-encoded, so any name works from disk). */
export const hrefOf = (zipPath: string) => zipPath.split('/').map(encodeURIComponent).join('/');

/** A person's name in files: the contract's one rule. */
export { fullName as personName } from '@skillroom/contract';

/** A student's part of an export: their places, each with its class (the sections of the child's record read it). */
export interface ExportPart {
  studentId: number;
  places: { place: { id: number }; cls: { id: number; name: string } }[];
}

/** An attachment as a section of the record lists it. */
export interface ExportAttachment {
  id: number;
  mediaType: number;
  mimeType: string;
  fileOriginalName: string;
  /** Its file in the zip, as seen from the record's files; null when the store no longer has it. */
  path: string | null;
}
