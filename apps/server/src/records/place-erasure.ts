import { sql } from 'drizzle-orm';
import type { PlaceErasure } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';

type Counts = Omit<PlaceErasure, '@type' | 'studentErased'>;

/**
 * What `Erasure.place` (erasure.ts) will take with a student's place, counted by its rules in one statement, for the
 * teacher to read before confirming (issue 36 §7): ratings naming only them go with the media no other rating keeps;
 * ratings naming others stay without them; their family links and pending requests go; their other places stay.
 */
export async function placeErasurePreview(db: DbOrTx, placeId: number): Promise<PlaceErasure> {
  const res = (await db.execute(sql`
    with named as (
      select rs.rating_id as id,
        exists (select 1 from rating_student o where o.rating_id = rs.rating_id and o.teaching_class_student_id <> ${placeId}) as shared
      from rating_student rs where rs.teaching_class_student_id = ${placeId}),
    erased as (select id from named where not shared)
    select
      (select count(*)::int from erased) as "ratingsErased",
      (select count(*)::int from named where shared) as "ratingsKept",
      (select count(distinct rm.media_id)::int from rating_media rm where rm.rating_id in (select id from erased)
        and not exists (select 1 from rating_media o where o.media_id = rm.media_id and o.rating_id not in (select id from erased)))
        as "mediaErased",
      (select count(*)::int from student_profile_user where teaching_class_student_id = ${placeId}) as "familyLinks",
      (select count(*)::int from student_profile_user_invitation
        where teaching_class_student_id = ${placeId} and is_approved is null) as "pendingRequests",
      (select count(*)::int from teaching_class_student t
        where t.student_id = (select student_id from teaching_class_student where id = ${placeId}) and t.id <> ${placeId})
        as "otherClasses"
  `)) as unknown as { rows: Counts[] };
  const c = res.rows[0]!;
  return { '@type': 'PlaceErasure', ...c, studentErased: c.otherClasses === 0 };
}

/** The users linked to the student through this place: told when it goes (notification type 15). */
export async function linkedUsersOfPlace(db: DbOrTx, placeId: number): Promise<number[]> {
  const res = (await db.execute(
    sql`select user_id as "userId" from student_profile_user where teaching_class_student_id = ${placeId} order by user_id`,
  )) as unknown as { rows: { userId: number }[] };
  return res.rows.map((r) => r.userId);
}
