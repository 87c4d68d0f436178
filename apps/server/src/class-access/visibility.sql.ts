import { sql, type SQL } from 'drizzle-orm';
import { linkedClassIdsSql, linkedPlaceIdsSql, linkedRatingSql, linkedStudentIdsSql } from '../records/linked-access.sql';
import { taughtClassIdsSql, visibleClassIdsSql, type UserParam } from './class-roles';

/*
 * Who sees what (DESIGN §2), in SQL, once for the lists and reads of the modules and for media access
 * (media-visibility.sql.ts): each predicate is about the unaliased table of the surrounding query. The roles come from
 * class-roles.ts (the `who` of access-rules.ts), the family links from records/linked-access.sql.ts. No module is imported.
 */

/** A class: seen by its creator, co-teachers and evaluators. */
export const classVisibleSql = (userId: UserParam) => sql<boolean>`("teaching_class"."id" in ${visibleClassIdsSql(userId)})`;

/** Whether the user is linked to this very place (links are per class: another class's place of the student is not theirs). */
export const placeLinkedSql = (userId: number) => sql<boolean>`("teaching_class_student"."id" in ${linkedPlaceIdsSql(userId)})`;

/** A place (a student in a class): seen by the members of its class and by the users linked to it. */
export const placeVisibleSql = (userId: number) =>
  sql<boolean>`("teaching_class_student"."teaching_class_id" in ${visibleClassIdsSql(userId)} or ${placeLinkedSql(userId)})`;

/** A student (the person): seen by the members of a class they have a place in, and by the users linked to them. */
export const studentVisibleSql = (userId: number) => sql<boolean>`(
  "student"."id" in (select vs.student_id from teaching_class_student vs where vs.teaching_class_id in ${visibleClassIdsSql(userId)})
  or "student"."id" in ${linkedStudentIdsSql(userId)})`;

/** A learning skill: the catalogue, the user's own, and those used by classes they see. */
export const skillVisibleSql = (userId: number) =>
  sql<boolean>`("learning_skill"."is_public" or "learning_skill"."creator_id" = ${userId} or "learning_skill"."id" in (
    select vls.learning_skill_id from teaching_class_learning_skill vls where vls.teaching_class_id in ${visibleClassIdsSql(userId)}))`;

/**
 * A rating: the members of its class see all its ratings; a linked user sees those naming their student in a class
 * where they are linked, and the class's whole-class ratings.
 */
export const ratingVisibleSql = (userId: number) =>
  sql<boolean>`("rating"."teaching_class_id" in ${visibleClassIdsSql(userId)} or ${linkedRatingSql(userId)})`;

/**
 * A comment on a rating (DESIGN §11), of the unaliased "rating_comment", "rating" and "teaching_class" of the query,
 * the rating being one the user sees: the class's teachers see every comment; others see, while the class's
 * `familyComments` is on and no teacher hid it, the teachers' comments and those of families of a child they are
 * linked to, so a rating naming several children never shows one family another family's words.
 */
export const ratingCommentVisibleSql = (userId: number) => sql<boolean>`("rating"."teaching_class_id" in ${taughtClassIdsSql(userId)}
  or ("teaching_class"."family_comments" and not "rating_comment"."is_hidden" and ("rating_comment"."teaching_class_student_id" is null
    or "rating_comment"."teaching_class_student_id" in ${linkedPlaceIdsSql(userId)})))`;

/** A heart on a rating, of the unaliased "rating_reaction" and "rating": as a comment, whatever the class's setting. */
export const ratingReactionVisibleSql = (userId: number) => sql<boolean>`("rating"."teaching_class_id" in ${taughtClassIdsSql(userId)}
  or "rating_reaction"."teaching_class_student_id" is null
  or "rating_reaction"."teaching_class_student_id" in ${linkedPlaceIdsSql(userId)})`;

/**
 * A home observation (DESIGN §11): the teachers of its class (not its evaluators) and the users linked to its child's
 * place in that class.
 */
export const homeObservationVisibleSql = (userId: number) =>
  sql<boolean>`("home_observation"."teaching_class_id" in ${taughtClassIdsSql(userId)}
    or "home_observation"."teaching_class_student_id" in ${linkedPlaceIdsSql(userId)})`;

/**
 * A self-assessment (DESIGN §12), of the unaliased "self_assessment": the members of its class (teachers and
 * evaluators, who see the student page) and the users linked to its child's place in that class (the student, the family).
 */
export const selfAssessmentVisibleSql = (userId: number) =>
  sql<boolean>`("self_assessment"."teaching_class_id" in ${visibleClassIdsSql(userId)}
    or "self_assessment"."teaching_class_student_id" in ${linkedPlaceIdsSql(userId)})`;

/**
 * A child's conversation (DESIGN §11), of the unaliased "conversation": the teachers of its class (not its evaluators)
 * and the users linked to the child's place in that class. Its messages and their attachments are seen by the same.
 */
export const conversationVisibleSql = (userId: number) =>
  sql<boolean>`("conversation"."teaching_class_id" in ${taughtClassIdsSql(userId)}
    or "conversation"."teaching_class_student_id" in ${linkedPlaceIdsSql(userId)})`;

/**
 * The classes a user belongs to, in every role: creator, co-teacher, and linked user of one of its students (in that class).
 * This is the one place that says who "shares a class": a new kind of link to a class is one more branch here.
 */
export const classesOfSql = (userId: SQL | number) => sql`
  select tc.id as class_id from teaching_class tc where tc.creator_id = ${userId}
  union select tct.teaching_class_id from teaching_class_teacher tct where tct.teacher_id = ${userId}
  union ${linkedClassIdsSql(userId)}`;

/** Whether `other` shares a class or a subscription with `viewer` (DESIGN §2: people see those they work with). */
export const relatedUserSql = (viewer: number, other: SQL | number) => sql<boolean>`(
  exists (select 1 from (${classesOfSql(viewer)}) a join (${classesOfSql(other)}) b on a.class_id = b.class_id)
  or exists (select 1 from subscription_member a join subscription_member b on a.subscription_id = b.subscription_id
    where a.user_id = ${viewer} and b.user_id = ${other}))`;

/** A user's profile: seen by themselves and by those they share a class or a subscription with. */
export const userVisibleSql = (viewer: number) =>
  sql<boolean>`("app_user"."id" = ${viewer} or ${relatedUserSql(viewer, sql`"app_user"."id"`)})`;
