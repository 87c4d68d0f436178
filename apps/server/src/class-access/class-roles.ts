import { sql, type Placeholder } from 'drizzle-orm';
import { ClassUserType, type AccountType } from '@skillroom/contract';

/*
 * Who is what in a class, in one place under the resource modules (DESIGN §2): the role SQL, the visible and taught
 * class queries and the class rules every module applies. It imports no module, and every module may import it.
 */

/** Answered to anyone who may not know that a class exists (DESIGN §2: 404, not 403). */
export const CLASS_NOT_FOUND = 'Teaching class not found.';
/** The one-student rule of individual classes (spec §3), said wherever a second student would come in. */
export const INDIVIDUAL_ONE_STUDENT = 'An individual class holds one student only.';

/** A user id as a value, or as the placeholder of a prepared statement. */
export type UserParam = number | Placeholder;

/** The user's class role (spec §4): creator 0, co-teacher 1, evaluator of the class's subscription 2, else null. */
export const classRoleSql = (userId: UserParam) => sql<ClassUserType | null>`(case
  when "teaching_class"."creator_id" = ${userId} then 0
  when exists (select 1 from teaching_class_teacher tct
    where tct.teaching_class_id = "teaching_class"."id" and tct.teacher_id = ${userId}) then 1
  when exists (select 1 from subscription_member sm
    where sm.subscription_id = "teaching_class"."subscription_id" and sm.user_id = ${userId} and sm.role = 'evaluator') then 2
end)`;

/** Ids of the classes a user may see, each branch walking its own index (never a scan of all classes). */
export const visibleClassIdsSql = (userId: UserParam) => sql`(
  select vc.id from teaching_class vc where vc.creator_id = ${userId}
  union all select tct.teaching_class_id from teaching_class_teacher tct where tct.teacher_id = ${userId}
  union all select ec.id from subscription_member sm join teaching_class ec on ec.subscription_id = sm.subscription_id
    where sm.user_id = ${userId} and sm.role = 'evaluator'
)`;

/** Ids of the classes a user teaches (creator or co-teacher): their teachers answer requests and see codes. */
export const taughtClassIdsSql = (userId: UserParam) => sql`(
  select tc.id from teaching_class tc where tc.creator_id = ${userId}
  union all select tt.teaching_class_id from teaching_class_teacher tt where tt.teacher_id = ${userId}
)`;

/** A user's role in one class (spec §4), or null when they have none. */
export type ClassRole = ClassUserType | null;

const teacher = (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher;

/** Who may do what with a class (DESIGN §2, class rows). */
export const teachingClassesPolicy = {
  /** Teachers create classes; parents, students and others link to a student instead (DESIGN §1). */
  canCreate: (accountType: string | null) => accountType === ('teacher' satisfies AccountType),
  /** Creator, co-teachers and evaluators see the class; anyone else may not know it exists (404). */
  canSee: (r: ClassRole) => r !== null,
  /** Edit, finish / reopen, change owner, delete, regenerate the invitation code. */
  canManage: (r: ClassRole) => r === ClassUserType.Creator,
  /** Add, edit, remove and copy students. */
  canManageStudents: teacher,
  /** The class and student invitation codes are handed out by the class's teachers only. */
  canSeeInvitationCodes: teacher,
};
