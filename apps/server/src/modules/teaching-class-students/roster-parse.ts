import { parse } from 'csv-parse/sync';
import { cleanName, ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { HttpError, violation } from '../../http/errors';
import { hasNameColumn, readHeader, type RosterColumn } from './roster-headers';

/** One line of a roster as read: trimmed text, nothing judged yet. */
export interface ReadRow {
  line: number;
  firstName: string;
  lastName: string;
  code: string;
}

export interface ReadRoster {
  rows: ReadRow[];
  /** OneRoster rows whose role is not `student`. */
  ignored: number;
}

/** A row of cells with the line (or sheet row) it starts on. */
export interface GridRow {
  line: number;
  cells: string[];
}

/** Where the input came from: a file must have a header row; pasted lines may have one. */
export type RosterSource = 'file' | 'text';

/** How many leading rows may come before the header (a title, a date, a blank line or two). */
const HEADER_SEARCH_ROWS = 10;

export const tooManyRows = () => new HttpError(413, ROSTER_IMPORT_MESSAGES.tooManyRows);
const emptyList = (source: RosterSource) => violation(source, ROSTER_IMPORT_MESSAGES.empty);

/**
 * A cell as kept: text only (a formula such as `=HYPERLINK(...)` stays the characters it is, never evaluated), cleaned
 * as every name the API takes is (the contract's `cleanName`: NFC, spaces collapsed, no control characters).
 */
export const cleanCell = (v: string): string => cleanName(v);

/** "Last, First" or "First Middle Last": a full name as first and last name (a single word is a first name). */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  // A cell that reads as a formula is kept whole, as typed, never cut at its commas.
  if (/^[=+\-@]/.test(full)) return { firstName: full, lastName: '' };
  const comma = full.indexOf(',');
  if (comma > 0) return { lastName: full.slice(0, comma).trim(), firstName: full.slice(comma + 1).trim() };
  const words = full.split(' ').filter(Boolean);
  if (words.length < 2) return { firstName: full, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

const isBlank = (cells: string[]) => cells.every((c) => c === '');

/** The delimiter of a CSV file, from its first line: whichever of comma, semicolon, tab or bar appears most. */
function guessDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t', '|'].map((d) => [d, first.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/** CSV text as rows of cells with their starting line; a file whose quoting cannot be read is a 400. */
export function csvGrid(text: string, delimiter = guessDelimiter(text), source: RosterSource = 'file'): GridRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const options = { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true, info: true, bom: true } as const;
    records = parse(text, options) as unknown as typeof records;
  } catch {
    throw violation(source, ROSTER_IMPORT_MESSAGES.unreadable);
  }
  return records.map(({ record, info }) => {
    // info.lines is where the record ends; a quoted cell may span lines.
    const inner = record.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { line: info.lines - inner, cells: record.map(cleanCell) };
  });
}

function cell(cells: string[], i: number | undefined) {
  return i === undefined ? '' : (cells[i] ?? '');
}

/** Rows under a recognised header. */
function underHeader(rows: GridRow[], h: Partial<Record<RosterColumn, number>>): ReadRoster {
  const out: ReadRow[] = [];
  let ignored = 0;
  for (const { line, cells } of rows) {
    if (isBlank(cells)) continue;
    if (h.role !== undefined && cell(cells, h.role).toLowerCase() !== 'student') {
      ignored++;
      continue;
    }
    const code = cell(cells, h.code);
    let firstName = cell(cells, h.firstName);
    let lastName = cell(cells, h.lastName);
    if (h.firstName === undefined) ({ firstName, lastName } = splitFullName(cell(cells, h.name)));
    if (!firstName && !lastName && !code) continue;
    out.push({ line, firstName, lastName, code });
  }
  return { rows: out, ignored };
}

/** Rows without a header (pasted): one cell is a full name; two are first and last name; a third is the code. */
function headerless(rows: GridRow[]): ReadRoster {
  const out: ReadRow[] = [];
  for (const { line, cells } of rows) {
    // Columns keep their places: "Ana<tab><tab>7" has no last name and the code 7.
    const used = cells.length - [...cells].reverse().findIndex((c) => c !== '');
    if (used > cells.length) continue;
    if (used === 1) out.push({ line, ...splitFullName(cells[0]!), code: '' });
    else out.push({ line, firstName: cells[0]!, lastName: cells[1] ?? '', code: cells[2] ?? '' });
  }
  return { rows: out, ignored: 0 };
}

/**
 * The students of a grid: the first of its leading rows that names a column is the header (a file must have one, with a
 * name column: otherwise a 400 saying which headers are understood); pasted lines may start with one, or are read by
 * position.
 */
export function readGrid(grid: GridRow[], source: RosterSource): ReadRoster {
  const filled = grid.filter((r) => !isBlank(r.cells));
  if (!filled.length) throw emptyList(source);
  if (filled.length > ROSTER_IMPORT_LIMITS.maxRows + HEADER_SEARCH_ROWS) throw tooManyRows();
  // Pasted names start at once (a surname "Code" on line 3 is a name); a file may open with a title line or two.
  const at = filled.slice(0, source === 'file' ? HEADER_SEARCH_ROWS : 1).findIndex((r) => Object.keys(readHeader(r.cells)).length > 0);
  let read: ReadRoster;
  if (at >= 0) {
    const header = readHeader(filled[at]!.cells);
    if (!hasNameColumn(header)) throw violation(source, ROSTER_IMPORT_MESSAGES.noNameColumn);
    read = underHeader(filled.slice(at + 1), header);
  } else if (source === 'file') {
    throw violation(source, ROSTER_IMPORT_MESSAGES.noNameColumn);
  } else {
    read = headerless(filled);
  }
  if (read.rows.length > ROSTER_IMPORT_LIMITS.maxRows) throw tooManyRows();
  if (!read.rows.length) throw emptyList(source);
  return read;
}

/**
 * Pasted text: tab-separated columns (copied from a spreadsheet), a CSV with a recognised header, or one name a line
 * ("First Last" or "Last, First").
 */
export function pastedGrid(text: string): GridRow[] {
  if (text.includes('\t')) return csvGrid(text, '\t', 'text');
  const firstLine = text.trimStart().split(/\r\n|\r|\n/, 1)[0] ?? '';
  if (firstLine.includes(',') && hasNameColumn(readHeader(firstLine.split(',').map(cleanCell)))) return csvGrid(text, ',', 'text');
  return text.split(/\r\n|\r|\n/).map((l, i) => ({ line: i + 1, cells: [cleanCell(l)] }));
}
