import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linkedClassIdsSql } from '../../records/linked-access.sql';
import { taughtClassIdsSql } from '../../class-access/class-roles';

/**
 * The classes a user belongs to, in every role: creator, co-teacher, and linked user of one of its students (in that class).
 * This is the one place that says who "shares a class": a new kind of link to a class is one more branch here.
 */
const classesOf = (userId: SQL | number) => sql`
  select tc.id as class_id from teaching_class tc where tc.creator_id = ${userId}
  union select tct.teaching_class_id from teaching_class_teacher tct where tct.teacher_id = ${userId}
  union ${linkedClassIdsSql(userId)}`;

/** Whether `other` shares a class or a subscription with `viewer` (DESIGN §2: people see those they work with). */
const related = (viewer: number, other: SQL | number) => sql`(
  exists (select 1 from (${classesOf(viewer)}) a join (${classesOf(other)}) b on a.class_id = b.class_id)
  or exists (select 1 from subscription_member a join subscription_member b on a.subscription_id = b.subscription_id
    where a.user_id = ${viewer} and b.user_id = ${other}))`;

/**
 * Whom `GET /users` lists to `viewer`: themselves, the teachers of their classes (any role), the families linked in
 * the classes they teach, and the members of their subscriptions. Each is someone `related` lets them see, but a
 * family is not listed the other families of its class: a list would hand out what an id alone does not.
 */
const listedSql = (viewer: number) => sql`(
  select ${viewer}::int
  union select lc.creator_id from teaching_class lc where lc.id in (${classesOf(viewer)})
  union select lt.teacher_id from teaching_class_teacher lt where lt.teaching_class_id in (${classesOf(viewer)})
  union select lf.user_id from student_profile_user lf where lf.teaching_class_id in ${taughtClassIdsSql(viewer)}
  union select lb.user_id from subscription_member la join subscription_member lb on lb.subscription_id = la.subscription_id
    where la.user_id = ${viewer})`;

export const usersVisibility = {
  listedSql,

  /** Whether `viewer` may see `other`'s profile: their own, or someone they share a class or a subscription with. */
  async canSee(db: DbOrTx, viewer: number, other: number): Promise<boolean> {
    if (viewer === other) return true;
    const res = await db.execute<{ ok: boolean }>(sql`select ${related(viewer, other)} as ok`);
    return Boolean((res as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok);
  },

  /** Which of these media are avatars of users `viewer` may see. */
  async visibleAvatarIds(db: DbOrTx, viewer: number, mediaIds: number[]): Promise<number[]> {
    if (!mediaIds.length) return [];
    const res = await db.execute<{ id: number }>(sql`
      select distinct u.avatar_id as id from app_user u
      where u.avatar_id in (${sql.join(
        mediaIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and (u.id = ${viewer} or ${related(viewer, sql`u.id`)})`);
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  },
};
