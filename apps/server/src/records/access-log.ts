// stand-in: replaced at merge by the access branch
import type { DbOrTx } from '../db/client';
import { accessLogs } from '../db/schema';

export type AccessAction = 'export' | 'report' | 'report_pdf' | 'report_spreadsheet' | 'record' | 'media';

/** Records who saw which students' record, what, and from where (DESIGN §6 "Access log"): one row per student. */
export async function recordAccess(
  db: DbOrTx,
  e: { userId: number; studentIds: number[]; teachingClassId: number | null; action: AccessAction; detail?: string | null; address: string | null },
): Promise<void> {
  if (!e.studentIds.length) return;
  await db.insert(accessLogs).values(
    e.studentIds.map((studentId) => ({ userId: e.userId, studentId, teachingClassId: e.teachingClassId, action: e.action, detail: e.detail ?? null, address: e.address })),
  );
}
