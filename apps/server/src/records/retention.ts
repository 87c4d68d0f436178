import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Retention (DESIGN §6): a class's records are kept RETENTION_DAYS after the class was finished, or after its end date
 * plus 90 days when it never was; then the class goes with everything in it. Its teachers are told thirty days
 * before (notification type 9, once: `retention_notice_at`), and the class is never erased sooner than thirty days
 * after that notice, so a class that was already past its date when the rule began (or RETENTION_DAYS shrank) still
 * leaves its teachers a month to export it.
 */
export const RETENTION_GRACE_DAYS_UNFINISHED = 90;
export const RETENTION_NOTICE_DAYS = 30;

type Rows<T> = { rows: T[] };

/** The day (UTC) a moment falls on, as SQL. */
const dayOf = (now: Date) => sql`((${now.toISOString()}::timestamptz) at time zone 'UTC')::date`;

/** The class's due date: from its finish, or its end date plus the grace period when it never finished. */
const dueSql = (days: number) => sql`(case when tc.is_finished
  then (coalesce(tc.finished_at, tc.updated) at time zone 'UTC')::date
  else tc."end" + ${RETENTION_GRACE_DAYS_UNFINISHED}::int end + ${days}::int)`;

/** When it is erased: its due date, but never sooner than thirty days after its teachers were told (or today). */
const eraseOnSql = (days: number, now: Date) =>
  sql`greatest(${dueSql(days)}, coalesce((tc.retention_notice_at at time zone 'UTC')::date, ${dayOf(now)}) + ${RETENTION_NOTICE_DAYS}::int)`;

export interface RetentionRow {
  id: number;
  name: string;
  /** The day the rule makes the class due (YYYY-MM-DD). */
  due: string;
  /** The day it will actually be erased (YYYY-MM-DD). */
  eraseOn: string;
  noticeAt: Date | null;
  /** Usernames of its creator and co-teachers. */
  teachers: string[];
}

const select = (days: number, now: Date, where: SQL, limit: number) => sql`
  select tc.id, tc.name, to_char(${dueSql(days)}, 'YYYY-MM-DD') as due, to_char(${eraseOnSql(days, now)}, 'YYYY-MM-DD') as "eraseOn",
    tc.retention_notice_at as "noticeAt",
    array(select u.username from app_user u where u.id = tc.creator_id
      union all select u.username from teaching_class_teacher t join app_user u on u.id = t.teacher_id where t.teaching_class_id = tc.id) as teachers
  from teaching_class tc
  where ${where}
  order by ${eraseOnSql(days, now)}, tc.id
  limit ${limit}`;

const revive = (r: RetentionRow): RetentionRow => ({ ...r, noticeAt: r.noticeAt ? new Date(r.noticeAt) : null });

/** Formats a YYYY-MM-DD day as the product writes dates (dd/MM/yyyy, spec §9). */
export const dayMonthYear = (iso: string) => iso.split('-').reverse().join('/');

export const retention = {
  /** Classes due within `withinDays` of `now` (or overdue), soonest first; none when records are kept forever. */
  async upcoming(db: DbOrTx, days: number, now: Date, withinDays: number, limit = 1000): Promise<RetentionRow[]> {
    if (days <= 0) return [];
    const where = sql`${dueSql(days)} <= ${dayOf(now)} + ${withinDays}::int`;
    return ((await db.execute(select(days, now, where, limit))) as unknown as Rows<RetentionRow>).rows.map(revive);
  },

  /** Classes whose teachers are to be told now: thirty days or less before their due date, not told yet. */
  async toNotify(db: DbOrTx, days: number, now: Date, limit: number): Promise<RetentionRow[]> {
    if (days <= 0) return [];
    const where = sql`tc.retention_notice_at is null and ${dueSql(days)} - ${RETENTION_NOTICE_DAYS}::int <= ${dayOf(now)}`;
    return ((await db.execute(select(days, now, where, limit))) as unknown as Rows<RetentionRow>).rows.map(revive);
  },

  /**
   * Marks one class as told, if nobody has yet (two instances running the job at once: one wins). Answers the day
   * it will be erased, or null when the class is gone, already told, or no longer due (reopened meanwhile).
   */
  async claimNotice(tx: DbOrTx, id: number, days: number, now: Date): Promise<{ name: string; eraseOn: string; creatorId: number } | null> {
    const res = (await tx.execute(sql`
      update teaching_class tc set retention_notice_at = ${now.toISOString()}::timestamptz
      where tc.id = ${id} and tc.retention_notice_at is null and ${dueSql(days)} - ${RETENTION_NOTICE_DAYS}::int <= ${dayOf(now)}
      returning tc.name, tc.creator_id as "creatorId", to_char(${eraseOnSql(days, now)}, 'YYYY-MM-DD') as "eraseOn"`)) as unknown as Rows<{
      name: string;
      eraseOn: string;
      creatorId: number;
    }>;
    return res.rows[0] ?? null;
  },

  /** The class's teachers: its creator and co-teachers. */
  async teacherIds(db: DbOrTx, id: number): Promise<number[]> {
    const res = (await db.execute(
      sql`select creator_id as id from teaching_class where id = ${id}
        union select teacher_id from teaching_class_teacher where teaching_class_id = ${id}`,
    )) as unknown as Rows<{ id: number }>;
    return res.rows.map((r) => r.id);
  },

  /**
   * Locks the class and answers whether it is still to be erased now: listed a moment ago, it may have been reopened
   * or given a later end date meanwhile, and then it stays.
   */
  async lockIfDue(tx: DbOrTx, id: number, days: number, now: Date): Promise<boolean> {
    const res = (await tx.execute(
      sql`select tc.id from teaching_class tc
        where tc.id = ${id} and tc.retention_notice_at is not null and ${eraseOnSql(days, now)} <= ${dayOf(now)} for update`,
    )) as unknown as Rows<{ id: number }>;
    return res.rows.length > 0;
  },

  /** Classes to erase now: told, and at or past the day they are erased. */
  async toErase(db: DbOrTx, days: number, now: Date, limit: number): Promise<number[]> {
    if (days <= 0) return [];
    const res = (await db.execute(
      sql`select tc.id from teaching_class tc
        where tc.retention_notice_at is not null and ${eraseOnSql(days, now)} <= ${dayOf(now)} order by tc.id limit ${limit}`,
    )) as unknown as Rows<{ id: number }>;
    return res.rows.map((r) => r.id);
  },
};
