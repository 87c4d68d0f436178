import { z } from 'zod';
import { V, refSchema, type JsonLd } from './common';
import type { TeachingClassStudent } from './student';

/** Roster import (DESIGN §8): the path under the auth prefix. */
export const ROSTER_IMPORT_PATH = '/teaching-class-student/import';

/** The limits of one import; over them the answer is a 413 that names the limit. */
export const ROSTER_IMPORT_LIMITS = {
  /** Bytes of a file, or of pasted text (UTF-8). */
  maxBytes: 2 * 1024 * 1024,
  /** Data rows (header and blank lines not counted). */
  maxRows: 1000,
} as const;

const mb = ROSTER_IMPORT_LIMITS.maxBytes / 1024 / 1024;

/** The answers to input that cannot be imported (nothing is written); clients recognise them to word them. */
export const ROSTER_IMPORT_MESSAGES = {
  tooLarge: `The list is too large: at most ${mb} MB.`,
  tooManyRows: `The list has too many rows: at most ${ROSTER_IMPORT_LIMITS.maxRows.toLocaleString('en')} students at a time.`,
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

/** `dryRun` as JSON (`true`) or as a form field (`"true"`, `"1"`, `"on"`); absent is false. */
const dryRunFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])], { error: V.type })
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Pasted lines as JSON: `{teachingClass, text, dryRun}` (the text's size is checked by the server, 413 over the limit). */
export const rosterImportTextBody = z
  .object({ teachingClass: refSchema, text: z.string({ error: V.typeOf('string') }), dryRun: dryRunFlag })
  .strict();
export type RosterImportTextBody = z.input<typeof rosterImportTextBody>;

/** The form fields beside a multipart `file`. */
export const rosterImportFormFields = z.object({ teachingClass: refSchema, dryRun: dryRunFlag }).strict();

/** One line of the input, as read and as judged. */
export interface RosterImportRow {
  /** The line (CSV, pasted text) or sheet row (xlsx) it was read from, from 1. */
  line: number;
  status: RosterRowStatus;
  firstName: string;
  lastName: string | null;
  code: string | null;
  reason?: RosterRowReason;
  message?: string;
  /** `existing`: the Student re-used; `duplicate` by `inClass`: the place already in the class, when known. */
  student?: string;
  teachingClassStudent?: string;
}

export interface RosterImportSummary {
  new: number;
  existing: number;
  duplicate: number;
  invalid: number;
  /** Rows of a OneRoster file whose role is not `student`: not read. */
  ignored: number;
}

/** The dry run's answer (200). */
export interface RosterImportPreview extends JsonLd {
  dryRun: true;
  rows: RosterImportRow[];
  summary: RosterImportSummary;
}

/** The import's answer (201): the places made, as a Hydra collection, with the rows as read. */
export interface RosterImportResult extends JsonLd {
  'hydra:member': TeachingClassStudent[];
  'hydra:totalItems': number;
  dryRun: false;
  rows: RosterImportRow[];
  summary: RosterImportSummary;
}
