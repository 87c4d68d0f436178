import { and, eq, inArray, sql } from 'drizzle-orm';
import { FAMILY_ACCOUNT_TYPES } from '@skillroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { emailDigests } from '../../db/schema';
import { linkedRatingSql } from '../../records/linked-access.sql';

/** A user who may be due a digest: linked to a child, with a digest on (theirs, or their account type's default). */
export interface DigestReader {
  id: number;
  email: string;
  firstName: string;
  preferredLanguage: string;
  timeZone: string;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  digest: 'daily' | 'weekly';
}

export interface DigestRating {
  id: number;
  placeId: number;
  firstName: string;
  lastName: string | null;
  className: string;
  date: string;
  description: string | null;
  author: string | null;
  skill: { name: string; translationKey: string | null };
  action: { name: string; translationKey: string | null } | null;
  /** Thumbnail keys of the rating's pictures (the mail attaches the first few). */
  thumbs: string[] | null;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

const families = sql.join(
  FAMILY_ACCOUNT_TYPES.map((t) => sql`${t}`),
  sql`, `,
);

export const emailDigestsRepository = {
  /** A page of readers after `afterId`, by id: the job walks them all, a page at a time. */
  async readers(db: DbOrTx, afterId: number, limit: number): Promise<DigestReader[]> {
    const res = await db.execute(sql`
      select u.id, u.email, u.first_name "firstName", u.preferred_language "preferredLanguage", u.time_zone "timeZone",
        u.quiet_hours_start "quietHoursStart", u.quiet_hours_end "quietHoursEnd",
        coalesce(es.digest, case when u.account_type in (${families}) then 'weekly' else 'off' end) digest
      from app_user u
      left join email_subscription es on es.user_id = u.id
      where u.id > ${afterId}
        and exists (select 1 from student_profile_user spu where spu.user_id = u.id)
        and coalesce(es.digest, case when u.account_type in (${families}) then 'weekly' else 'off' end) <> 'off'
      order by u.id
      limit ${limit}`);
    return rowsOf<DigestReader>(res);
  },

  /** Which of these users already have a digest row for their period (claimed, sent or found empty). */
  async claimedPeriods(db: DbOrTx, wanted: { userId: number; periodKey: string }[]) {
    if (!wanted.length) return new Set<string>();
    const rows = await db
      .select({ userId: emailDigests.userId, periodKey: emailDigests.periodKey })
      .from(emailDigests)
      .where(
        and(
          inArray(
            emailDigests.userId,
            wanted.map((w) => w.userId),
          ),
          inArray(emailDigests.periodKey, [...new Set(wanted.map((w) => w.periodKey))]),
        ),
      );
    return new Set(rows.map((r) => `${r.userId}|${r.periodKey}`));
  },

  /**
   * Claims the user's period (the unique key decides between two runs): the row's id and where it starts, or null when
   * it is taken. It starts after the last digest that was sent or found empty; before any, at the period's start or at
   * an older claim a dead run left `sending`, whichever is first. One statement, committed before any mail goes: a run
   * that dies after this sends nothing more for the period.
   */
  async claim(db: Db, v: { userId: number; periodKey: string; periodStart: Date; until: Date }) {
    const res = await db.execute(sql`
      insert into email_digest (user_id, period_key, since, until)
      select ${v.userId}, ${v.periodKey},
        coalesce(max(d.until) filter (where d.state <> 'sending'), least(min(d.since), ${v.periodStart.toISOString()}::timestamptz)),
        ${v.until.toISOString()}::timestamptz
      from email_digest d where d.user_id = ${v.userId}
      on conflict do nothing
      returning id, since`);
    const [row] = rowsOf<{ id: number; since: string | Date }>(res);
    return row ? { id: row.id, since: new Date(row.since) } : null;
  },

  async finish(db: DbOrTx, id: number, state: 'sent' | 'empty') {
    await db
      .update(emailDigests)
      .set({ state, sentAt: state === 'sent' ? new Date() : null })
      .where(eq(emailDigests.id, id));
  },

  /** A claim given back: the mail could not be sent, and the queue's retry may claim the period again. */
  async release(db: DbOrTx, id: number) {
    await db.delete(emailDigests).where(and(eq(emailDigests.id, id), eq(emailDigests.state, 'sending')));
  },

  /**
   * The ratings saved in [since, until) that the user sees as a linked user (linked-access.sql.ts, the feed's rule),
   * once per child of theirs they are about: a whole-class rating counts for each of the user's children in that class.
   */
  async ratings(db: DbOrTx, userId: number, since: Date, until: Date, limit = 200): Promise<DigestRating[]> {
    const res = await db.execute(sql`
      select "rating"."id", p.id "placeId", p.first_name "firstName", p.last_name "lastName", tc.name "className",
        "rating"."date"::text "date", "rating"."description",
        (select concat_ws(' ', u.first_name, u.last_name) from app_user u where u.id = "rating"."creator_id") author,
        json_build_object('name', s.name, 'translationKey', s.translation_key) skill,
        case when a.id is null then null else json_build_object('name', a.name, 'translationKey', a.translation_key) end action,
        (select array_agg(m.thumb_key order by rm.id) from rating_media rm join media m on m.id = rm.media_id
          where rm.rating_id = "rating"."id" and m.thumb_key is not null) thumbs
      from student_profile_user spu
      join teaching_class_student p on p.id = spu.teaching_class_student_id
      join teaching_class tc on tc.id = spu.teaching_class_id
      join "rating" on "rating"."teaching_class_id" = spu.teaching_class_id
        and ("rating"."is_whole_class"
          or exists (select 1 from rating_student rs where rs.rating_id = "rating"."id" and rs.teaching_class_student_id = p.id))
      join learning_skill s on s.id = "rating"."learning_skill_id"
      left join learning_action a on a.id = "rating"."learning_action_id"
      where spu.user_id = ${userId} and "rating"."created" >= ${since.toISOString()} and "rating"."created" < ${until.toISOString()}
        and ${linkedRatingSql(userId)}
      order by p.last_name, p.first_name, p.id, "rating"."date", "rating"."id"
      limit ${limit}`);
    return rowsOf<DigestRating>(res);
  },
};
