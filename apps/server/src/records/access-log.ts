import { sql } from 'drizzle-orm';
import type { AccessLogAction } from '@skillroom/contract';
import type { Db } from '../db/client';
import { AccessLogWriter, type WriterLog } from './access-log-writer';
import { linkedPlaceIdsSql } from './linked-access.sql';

/*
 * The access log (DESIGN §6, FERPA's record of disclosures): who read which student's record, what, when and from
 * where. Every reader of a child's record calls recordAccess or recordReads; the list is GET /access-logs.
 *
 * Cost: a read is recorded once per user, student, class, action and detail per minute on each instance (a parent
 * scrolling a feed or a video seeking by ranges writes one row, not hundreds), and the read itself writes nothing: its
 * row waits in the instance's buffer (access-log-writer.ts) with the time of the read, and goes to the database with
 * the others within two seconds, in one statement. What a crash can lose is said there.
 */

export type AccessAction = AccessLogAction;

export interface AccessEvent {
  userId: number;
  studentIds: number[];
  teachingClassId: number | null;
  action: AccessAction;
  detail?: string | null;
  address: string | null;
}

const WINDOW_MS = 60_000;
/** Enough for every reader of a busy instance in one minute; beyond it the oldest keys are forgotten (rows repeat). */
const MAX_KEYS = 50_000;
const recent = new Map<string, number>();

/** Whether this key was not recorded in the last minute; marks it recorded. */
function claim(key: string, now: number): boolean {
  const last = recent.get(key);
  if (last !== undefined && now - last < WINDOW_MS) return false;
  recent.delete(key);
  recent.set(key, now);
  if (recent.size > MAX_KEYS) {
    // Insertion order is age order: drop the oldest tenth.
    let n = MAX_KEYS / 10;
    for (const k of recent.keys()) {
      if (n-- <= 0) break;
      recent.delete(k);
    }
  }
  return true;
}

const writers = new WeakMap<Db, AccessLogWriter>();

/** The buffer of one database's access log rows (one per app; tests share a database between apps). */
function writerOf(db: Db) {
  let w = writers.get(db);
  if (!w) {
    w = new AccessLogWriter(db, (keys) => keys.forEach((k) => recent.delete(k)));
    writers.set(db, w);
  }
  return w;
}

/** Writes the pending rows now: before the log is listed, and in tests. */
export const flushAccessLog = (db: Db) => writerOf(db).flush();

/** Flushes at close and writes any later row at once; `log` hears of rows the database refused. */
export function openAccessLog(db: Db, log: WriterLog) {
  const w = writerOf(db);
  w.log = log;
  return { close: () => w.close() };
}

/** The time of the read, kept with its row while it waits for the flush. */
const readAt = () => sql`${new Date().toISOString()}::timestamptz`;

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Records that a user read these students' record (or a part of it); repeated reads within a minute are one row. */
export function recordAccess(db: Db, e: AccessEvent): void {
  const now = Date.now();
  const detail = e.detail ?? null;
  const keys = new Map<number, string>();
  for (const id of new Set(e.studentIds)) {
    const key = `${e.userId}|${id}|${e.teachingClassId ?? ''}|${e.action}|${detail ?? ''}`;
    if (claim(key, now)) keys.set(id, key);
  }
  if (!keys.size) return;
  // Written from the students and class that still exist at the flush: a record deleted meanwhile has nobody left to tell.
  writerOf(db).add({
    keys: [...keys.values()],
    select: sql`select ${e.userId}::integer, s.id, (select c.id from teaching_class c where c.id = ${e.teachingClassId}::integer),
        ${e.action}::text, ${detail}::text, ${e.address}::text, ${readAt()}
      from student s where s.id in (${ids([...keys.keys()])})`,
  });
}

/** A linked user's place, or a class the user evaluates without teaching it (about "tcs" and its class "c"). */
const readerSql = (userId: number) => sql`(tcs.id in ${linkedPlaceIdsSql(userId)} or (c.creator_id is distinct from ${userId}
  and not exists (select 1 from teaching_class_teacher t where t.teaching_class_id = c.id and t.teacher_id = ${userId})
  and exists (select 1 from subscription_member sm where sm.subscription_id = c.subscription_id and sm.user_id = ${userId} and sm.role = 'evaluator')))`;

type Subject = { placeIds: number[] } | { studentIds: number[] } | { ratingId: number } | { mediaId: number };

/** The places read (alias tcs, class c): a rating's or attachment's are those it names, and a linked user's place for a whole-class one. */
function placesOf(userId: number, s: Subject) {
  if ('placeIds' in s)
    return sql`from teaching_class_student tcs join teaching_class c on c.id = tcs.teaching_class_id where tcs.id in (${ids(s.placeIds)})`;
  if ('studentIds' in s)
    return sql`from teaching_class_student tcs join teaching_class c on c.id = tcs.teaching_class_id where tcs.student_id in (${ids(s.studentIds)})`;
  const ratings = 'ratingId' in s ? sql`(${s.ratingId})` : sql`(select rm.rating_id from rating_media rm where rm.media_id = ${s.mediaId})`;
  return sql`from rating r join teaching_class c on c.id = r.teaching_class_id join teaching_class_student tcs on tcs.teaching_class_id = r.teaching_class_id
    where r.id in ${ratings} and (exists (select 1 from rating_student rs where rs.rating_id = r.id and rs.teaching_class_student_id = tcs.id)
      or (r.is_whole_class and tcs.id in ${linkedPlaceIdsSql(userId)}))`;
}

/**
 * Records a read of students' records (their places, a rating feed about them, a rating, an attachment) by a linked
 * user or an evaluator (DESIGN §6), one row per student and class; a teacher's reads of their own class are not
 * disclosures and write nothing. Buffered (see above), skipped when the same read was recorded in the last minute.
 */
export function recordReads(
  db: Db,
  e: { userId: number; action: 'record' | 'media'; detail: string | null; address: string | null } & { subject: Subject },
): void {
  const s = e.subject;
  if (('placeIds' in s && !s.placeIds.length) || ('studentIds' in s && !s.studentIds.length)) return;
  const key = `${e.userId}|${e.action}|${e.detail ?? ''}|${JSON.stringify(s)}`;
  if (!claim(key, Date.now())) return;
  // Whether the user is a reader (linked, evaluator) is decided at the flush, in the same statement as the others.
  writerOf(db).add({
    keys: [key],
    select: sql`select distinct ${e.userId}::integer, tcs.student_id, c.id, ${e.action}::text, ${e.detail}::text, ${e.address}::text,
        ${readAt()}
      ${placesOf(e.userId, s)} and ${readerSql(e.userId)}`,
  });
}

/** Forgets what was recorded (tests that read twice and expect two rows). */
export function resetAccessLogWindow(): void {
  recent.clear();
}
