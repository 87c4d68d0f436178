import { z } from 'zod';
import { V, refSchema } from './common';
import { hydraCollectionSchema, jsonLdType } from './responses';
import { teachingClassStudentSchema } from './student';
import { ROSTER_ROW_REASONS, ROSTER_ROW_STATUSES } from '../roster-import-rules';

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
const rosterImportRowSchema = z.strictObject({
  /** The line (CSV, pasted text) or sheet row (xlsx) it was read from, from 1. */
  line: z.number().int(),
  status: z.enum(ROSTER_ROW_STATUSES),
  firstName: z.string(),
  lastName: z.string().nullable(),
  code: z.string().nullable(),
  reason: z.enum(ROSTER_ROW_REASONS).optional(),
  message: z.string().optional(),
  /** `existing`: the Student re-used; `duplicate` by `inClass`: the place already in the class, when known. */
  student: z.string().optional(),
  teachingClassStudent: z.string().optional(),
});
export type RosterImportRow = z.output<typeof rosterImportRowSchema>;

const rosterImportSummarySchema = z.strictObject({
  new: z.number().int(),
  existing: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
  /** Rows of a OneRoster file whose role is not `student`: not read. */
  ignored: z.number().int(),
});
export type RosterImportSummary = z.output<typeof rosterImportSummarySchema>;

/** The dry run's answer (200): a result, not a resource (no `@id`). */
export const rosterImportPreviewSchema = z.strictObject({
  '@type': jsonLdType('TeachingClassStudentImport'),
  dryRun: z.literal(true),
  rows: z.array(rosterImportRowSchema),
  summary: rosterImportSummarySchema,
});
export type RosterImportPreview = z.output<typeof rosterImportPreviewSchema>;

/** The import's answer (201): the places made, as a Hydra collection, with the rows as read. */
export const rosterImportResultSchema = hydraCollectionSchema(teachingClassStudentSchema).extend({
  dryRun: z.literal(false),
  rows: z.array(rosterImportRowSchema),
  summary: rosterImportSummarySchema,
});
export type RosterImportResult = z.output<typeof rosterImportResultSchema>;
