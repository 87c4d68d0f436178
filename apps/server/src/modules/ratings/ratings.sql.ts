import { sql } from 'drizzle-orm';
import { jsonOf } from '../../db/json';
import { media, ratingMedias } from '../../db/schema';
import { linkedStudentIdsSql } from '../students/students.repository';
import { visibleClassIdsSql } from '../teaching-classes/teaching-classes.repository';

/*
 * Who sees a rating (DESIGN §2), about the unaliased "rating" of the surrounding query, written once for lists,
 * single reads, reports and media access. The linked-user branches read the student-profile link table through
 * linkedStudentIdsSql (students.repository): changing how a user is linked to a student changes it there only.
 */

/** The class's creator, co-teachers and evaluators see all its ratings. */
export const classMemberSql = (userId: number) => sql<boolean>`("rating"."teaching_class_id" in ${visibleClassIdsSql(userId)})`;

/** A linked user sees the ratings naming their student, and the whole-class ratings of their student's classes. */
export const linkedViewerSql = (userId: number) => sql<boolean>`(
  exists (select 1 from rating_student lrs where lrs.rating_id = "rating"."id" and lrs.student_id in ${linkedStudentIdsSql(userId)})
  or ("rating"."is_whole_class" and "rating"."teaching_class_id" in (
    select ltcs.teaching_class_id from teaching_class_student ltcs where ltcs.student_id in ${linkedStudentIdsSql(userId)})))`;

export const ratingVisibleSql = (userId: number) => sql<boolean>`(${classMemberSql(userId)} or ${linkedViewerSql(userId)})`;

/** The places a rating names, in the order they were added. */
export const ratingPlacesSql = sql<number[]>`coalesce((select array_agg(ps.teaching_class_student_id order by ps.id) from rating_student ps where ps.rating_id = "rating"."id"), '{}')`;

export interface RatingMediaJson {
  link: typeof ratingMedias.$inferSelect;
  media: typeof media.$inferSelect;
}

/** The rating's attachments with their media rows, in the order they were attached. */
export const ratingMediasSql = sql<RatingMediaJson[]>`coalesce((select json_agg(json_build_object('link', ${jsonOf(ratingMedias, 'rml')}, 'media', ${jsonOf(media, 'rmm')}) order by rml.id)
  from rating_media rml join media rmm on rmm.id = rml.media_id where rml.rating_id = "rating"."id"), '[]')`;
