import { ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@skillroom/contract';
import { HttpError, violation } from '../../http/errors';
import { decodeRosterText, sniffRosterFile } from './roster-decode';
import { csvGrid, pastedGrid, readGrid, type ReadRoster } from './roster-parse';
import { xlsxGrid } from './roster-xlsx';

export const rosterTooLarge = () => new HttpError(413, ROSTER_IMPORT_MESSAGES.tooLarge);

/** A roster file (CSV in any of the usual encodings, or xlsx) as rows; the kind is told by the bytes, never the name. */
export async function readRosterFile(bytes: Buffer): Promise<ReadRoster> {
  if (bytes.length > ROSTER_IMPORT_LIMITS.maxBytes) throw rosterTooLarge();
  if (!bytes.length) throw violation('file', ROSTER_IMPORT_MESSAGES.empty);
  const grid = sniffRosterFile(bytes) === 'xlsx' ? await xlsxGrid(bytes) : csvGrid(decodeRosterText(bytes));
  return readGrid(grid, 'file');
}

/** Pasted lines as rows. */
export function readRosterText(text: string): ReadRoster {
  if (Buffer.byteLength(text, 'utf8') > ROSTER_IMPORT_LIMITS.maxBytes) throw rosterTooLarge();
  return readGrid(pastedGrid(text), 'text');
}
