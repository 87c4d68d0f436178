import { sql, type SQL } from 'drizzle-orm';

/*
 * What a linked user (a parent, say) may see, written once for every module (DESIGN §2): a link is to one place in
 * one class, so a student copied into another class shows nothing of that class to the student's linked users until
 * a teacher there approves a link (or extends one). These are the only readers of student_profile_user's visibility
 * columns; a new way of linking is a change here. Each is a subquery walking the link table's user index.
 */

/** The places (teaching_class_student ids) the user is linked to. */
export const linkedPlaceIdsSql = (userId: SQL | number) =>
  sql`(select lpu.teaching_class_student_id from student_profile_user lpu where lpu.user_id = ${userId})`;

/** The classes in which the user is linked to a student. */
export const linkedClassIdsSql = (userId: SQL | number) =>
  sql`(select lcu.teaching_class_id from student_profile_user lcu where lcu.user_id = ${userId})`;

/** The Students (persons) the user is linked to in at least one class: the person, not their other classes. */
export const linkedStudentIdsSql = (userId: SQL | number) =>
  sql`(select lsu.student_id from student_profile_user lsu where lsu.user_id = ${userId})`;

/**
 * Whether the user sees the unaliased "rating" of the surrounding query as a linked user: it names their student in a
 * class where they are linked, or it is a whole-class rating of such a class.
 */
export const linkedRatingSql = (userId: number) => sql<boolean>`(
  exists (select 1 from rating_student lrs where lrs.rating_id = "rating"."id" and lrs.teaching_class_student_id in ${linkedPlaceIdsSql(userId)})
  or ("rating"."is_whole_class" and "rating"."teaching_class_id" in ${linkedClassIdsSql(userId)}))`;

/**
 * The places of the unaliased "rating"'s class the user is linked to and the rating is about (it names them, or it is
 * a whole-class rating): a family comments and reacts as the family of these children (DESIGN §11).
 */
export const linkedPlacesOfRatingSql = (userId: number) => sql<number[]>`coalesce((select array_agg(lrp.teaching_class_student_id
    order by lrp.teaching_class_student_id) from student_profile_user lrp
  where lrp.user_id = ${userId} and lrp.teaching_class_id = "rating"."teaching_class_id" and ("rating"."is_whole_class"
    or exists (select 1 from rating_student lrs
      where lrs.rating_id = "rating"."id" and lrs.teaching_class_student_id = lrp.teaching_class_student_id))),
  '{}')`;
