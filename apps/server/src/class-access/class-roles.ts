import { sql, type Placeholder } from 'drizzle-orm';
import type { ClassUserType } from '@skillroom/contract';
import { rolesOf, type Action } from './access-rules';

export { CLASS_NOT_FOUND } from './access-rules';

/*
 * Who is what in a class, in SQL, under the resource modules (DESIGN §2): the role of a user in a class, and the
 * classes they see (members) or teach (creator and co-teachers), for lists that page in the database. They are the
 * SQL spelling of the `who` columns of access-rules.ts (MEMBERS, TEACHERS). It imports no module.
 */

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

/** One branch per role of access-rules.ts, each walking its own index (never a scan of all classes). */
const ROLE_BRANCH = {
  creator: (u: UserParam) => sql`select rc.id from teaching_class rc where rc.creator_id = ${u}`,
  coTeacher: (u: UserParam) => sql`select rt.teaching_class_id from teaching_class_teacher rt where rt.teacher_id = ${u}`,
  evaluator: (
    u: UserParam,
  ) => sql`select re.id from subscription_member rm join teaching_class re on re.subscription_id = rm.subscription_id
    where rm.user_id = ${u} and rm.role = 'evaluator'`,
};

/** Ids of the classes in which the user has one of the roles the rule of `action` allows. */
export const classIdsWhereSql = (userId: UserParam, action: Action) =>
  sql`(${sql.join(
    rolesOf(action).map((who) => ROLE_BRANCH[who](userId)),
    sql` union all `,
  )})`;

/** Ids of the classes a user may see (DESIGN §2: creator, co-teachers, evaluators). */
export const visibleClassIdsSql = (userId: UserParam) => classIdsWhereSql(userId, 'class.read');

/** Ids of the classes a user teaches (creator or co-teacher): their teachers answer requests and see codes. */
export const taughtClassIdsSql = (userId: UserParam) => classIdsWhereSql(userId, 'class.manageStudents');

export type { ClassRole } from './access-rules';
