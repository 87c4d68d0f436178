// Apart from the schemas beside them, free of zod: the student screens, whose API module names these limits, would otherwise
// load and build the schemas too.
import { formatInteger } from './helpers';

/** Roster import (DESIGN §8): the path under the auth prefix. */
export const ROSTER_IMPORT_PATH = '/teaching-class-student/import';

/** The limits of one import; over them the answer is a 413 that names the limit. */
export const ROSTER_IMPORT_LIMITS = {
  /** Bytes of a file, or of pasted text (UTF-8). */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows (header and blank lines not counted). */
  maxRows: 1000,
  /** Bytes an xlsx file may unpack to: a class list is a few hundred KB of XML; more is a zip bomb, not a roster. */
  maxUnpackedBytes: 64 * 1024 * 1024,
} as const;

const mb = ROSTER_IMPORT_LIMITS.maxBytes / 1024 / 1024;

/** The answers to input that cannot be imported (nothing is written), in English; clients recognise them to word them. */
export const ROSTER_IMPORT_MESSAGES = {
  tooLarge: `The list is too large: at most ${mb} MB.`,
  unpacksTooLarge: `The workbook unpacks to too much: at most ${ROSTER_IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB.`,
  tooManyRows: `The list has too many rows: at most ${formatInteger(ROSTER_IMPORT_LIMITS.maxRows, 'en')} students at a time.`,
  unsupported: 'This file is not a CSV or xlsx file. Save the list as CSV (comma- or tab-separated) or as an Excel workbook (.xlsx).',
  empty: 'There are no students in this list.',
  unreadable: 'This file could not be read. Save it again as CSV or xlsx.',
  noNameColumn:
    'No column of names was found. Understood headers: First name, Last name, Name, Code; Nombre, Apellido(s), Código; ' +
    '名, 姓, 姓名, 編號, 學生編號; OneRoster users.csv (role, givenName, familyName, identifier).',
  noFile: 'Send the list as the multipart field "file".',
  nothingToAdd: 'No student in this list can be added.',
} as const;

/** What the file field accepts (web `<input accept>`); the server decides by the bytes, never by the name. */
export const ROSTER_IMPORT_ACCEPT =
  '.csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The field limits a row is checked against (those of a place, `schemas/student.ts`). */
export const ROSTER_FIELD_LIMITS = { firstName: 100, lastName: 100, code: 50 } as const;

/**
 * A row's status: `new` (a Student is made), `existing` (a Student the teacher can see has this code: re-used, as
 * copy does), `duplicate` (already in the class, or earlier in the same input), `invalid` (see `reason`).
 */
export const ROSTER_ROW_STATUSES = ['new', 'existing', 'duplicate', 'invalid'] as const;
export type RosterRowStatus = (typeof ROSTER_ROW_STATUSES)[number];

/** Why a row is a duplicate or invalid; clients word these in their language, `message` is the English text. */
export const ROSTER_ROW_REASONS = [
  'firstNameBlank',
  'firstNameTooLong',
  'lastNameTooLong',
  'codeTooLong',
  'codeAmbiguous',
  'inClass',
  'repeated',
] as const;
export type RosterRowReason = (typeof ROSTER_ROW_REASONS)[number];

export const ROSTER_REASON_MESSAGES: Record<RosterRowReason, string> = {
  firstNameBlank: 'The first name is missing.',
  firstNameTooLong: `The first name is longer than ${ROSTER_FIELD_LIMITS.firstName} characters.`,
  lastNameTooLong: `The last name is longer than ${ROSTER_FIELD_LIMITS.lastName} characters.`,
  codeTooLong: `The code is longer than ${ROSTER_FIELD_LIMITS.code} characters.`,
  codeAmbiguous: 'Several students you can see have this code.',
  inClass: 'This student is already in this class.',
  repeated: 'This student is already listed above.',
};
