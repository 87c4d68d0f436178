import { count, eq } from 'drizzle-orm';
import { students, teachingClassStudents } from '../src/db/schema';
import { API } from './classes';
import type { TestServer } from './harness';
import { multipart } from './media';

export const IMPORT = `${API}/teaching-class-student/import`;

/** Pasted lines, as the web's paste box sends them. */
export const importText = (s: TestServer, token: string, teachingClass: number | string, text: string, dryRun = false) =>
  s.api('POST', IMPORT, { token, body: { teachingClass, text, dryRun } });

/** A roster file as a multipart upload (`file`, `teachingClass`, `dryRun`). */
export function importFile(
  s: TestServer,
  token: string,
  teachingClass: number | string,
  content: Buffer,
  o: { dryRun?: boolean; filename?: string; type?: string } = {},
) {
  const { payload, contentType } = multipart([
    { teachingClass: String(teachingClass), dryRun: String(o.dryRun ?? false) },
    { field: 'file', filename: o.filename ?? 'class.csv', type: o.type ?? 'text/csv', content },
  ]);
  return s.app.inject({ method: 'POST', url: IMPORT, headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload });
}

export const placeCount = async (s: TestServer, classId: number) =>
  (await s.ctx.db.select({ n: count() }).from(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, classId)))[0]!.n;

export const studentCount = async (s: TestServer) => (await s.ctx.db.select({ n: count() }).from(students))[0]!.n;
