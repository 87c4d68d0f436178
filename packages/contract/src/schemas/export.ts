import { z } from 'zod';
import { refSchema } from './common';

/** `GET /export/student/{studentId}?teachingClassId=`: one class of the student, or every class the user may export. */
export const exportStudentQuery = z.object({ teachingClassId: refSchema.optional() }).strict();
export type ExportStudentQuery = z.input<typeof exportStudentQuery>;

/** `GET /export/class/{teachingClassId}` takes no query. */
export const exportClassQuery = z.object({}).strict();

/** The media type of an export (a zip whose entries are stored, so its length is known before it is sent). */
export const EXPORT_CONTENT_TYPE = 'application/zip';
