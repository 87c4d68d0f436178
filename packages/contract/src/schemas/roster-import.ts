import { z } from 'zod';
import { V, refSchema, type JsonLd } from './common';
import type { TeachingClassStudent } from './student';
import { type RosterRowReason, type RosterRowStatus } from '../roster-import-rules';

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
