import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { classesOfSql, relatedUserSql } from '../../class-access/visibility.sql';
import { taughtClassIdsSql } from '../../class-access/class-roles';

/**
 * Whom `GET /users` lists to `viewer`: themselves, the teachers of their classes (any role), the families linked in
 * the classes they teach, and the members of their subscriptions. Each is someone `relatedUserSql` lets them see, but a
 * family is not listed the other families of its class: a list would hand out what an id alone does not.
 */
const listedSql = (viewer: number) => sql`(
  select ${viewer}::int
  union select lc.creator_id from teaching_class lc where lc.id in (${classesOfSql(viewer)})
  union select lt.teacher_id from teaching_class_teacher lt where lt.teaching_class_id in (${classesOfSql(viewer)})
  union select lf.user_id from student_profile_user lf where lf.teaching_class_id in ${taughtClassIdsSql(viewer)}
  union select lb.user_id from subscription_member la join subscription_member lb on lb.subscription_id = la.subscription_id
    where la.user_id = ${viewer})`;

export const usersVisibility = {
  listedSql,

  /** Whether `viewer` may see `other`'s profile: their own, or someone they share a class or a subscription with. */
  async canSee(db: DbOrTx, viewer: number, other: number): Promise<boolean> {
    if (viewer === other) return true;
    const res = await db.execute<{ ok: boolean }>(sql`select ${relatedUserSql(viewer, other)} as ok`);
    return Boolean((res as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok);
  },
};
