import { sql } from 'drizzle-orm';
import type { ClassUserType, SubscriptionRole } from '@skillroom/contract';
import { classRoleSql, type UserParam } from '../../class-access/class-roles';
import { jsonOf, reviverOf } from '../../db/json';
import { educationLevels, media, subscriptions, teachingClasses, teachingClassStudents } from '../../db/schema';
import type { EducationLevelRow } from '../education-levels/education-levels.repository';
import type { MediaRow } from '../media/media.presenter';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository';

/*
 * SQL fragments of the class repositories, about the unaliased "teaching_class" of the surrounding query. Table
 * names are written out: drizzle may leave columns unqualified, which a correlated subquery would misread.
 */

export type TeachingClassRow = typeof teachingClasses.$inferSelect;
export type { UserParam } from '../../class-access/class-roles';
type PlaceRow = typeof teachingClassStudents.$inferSelect;

type UserSummary = { id: number; firstName: string; lastName: string; accountType: string };

/** A class with everything it is presented with (as drizzle rows, rebuilt from one JSON value per class). */
export interface ClassWithRelations {
  cls: TeachingClassRow;
  avatar: MediaRow | null;
  school: { id: number; name: string } | null;
  creator: UserSummary;
  creatorAvatar: MediaRow | null;
  educationLevel: EducationLevelRow | null;
  subscription: SubscriptionRow | null;
  subscriptionRoles: SubscriptionRole[];
  role: ClassUserType | null;
  numTeachers: number;
  numStudents: number;
}

export interface ClassMemberRows {
  teachers: { user: UserSummary; avatar: MediaRow | null }[];
  places: { place: PlaceRow; avatar: MediaRow | null }[];
}

const userSummary = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'accountType', ${alias}.account_type)`);
const mediaWhere = (alias: string, idColumn: string) => sql`(select ${jsonOf(media, alias)} from media ${sql.raw(alias)} where ${sql.raw(alias)}.id = ${sql.raw(idColumn)})`;

/** One class as JSON, for the user: the class, its avatar, school, creator, level, subscription, the user's role, counts. */
export const classJsonSql = (userId: UserParam) => sql<ClassWithRelations>`json_build_object(
  'cls', ${jsonOf(teachingClasses, 'teaching_class')},
  'avatar', ${mediaWhere('ca', '"teaching_class"."avatar_id"')},
  'school', (select json_build_object('id', sc.id, 'name', sc.name) from school sc where sc.id = "teaching_class"."school_id"),
  'creator', (select ${userSummary('cu')} from app_user cu where cu.id = "teaching_class"."creator_id"),
  'creatorAvatar', (select ${jsonOf(media, 'ua')} from app_user cu2 join media ua on ua.id = cu2.avatar_id where cu2.id = "teaching_class"."creator_id"),
  'educationLevel', (select ${jsonOf(educationLevels, 'el')} from education_level el where el.id = "teaching_class"."education_level_id"),
  'subscription', (select ${jsonOf(subscriptions, 'su')} from subscription su where su.id = "teaching_class"."subscription_id"),
  'subscriptionRoles', array(select distinct sr.role from subscription_member sr where sr.subscription_id = "teaching_class"."subscription_id" and sr.user_id = ${userId} order by 1),
  'role', ${classRoleSql(userId)},
  'numTeachers', 1 + (select count(*) from teaching_class_teacher nt where nt.teaching_class_id = "teaching_class"."id"),
  'numStudents', (select count(*) from teaching_class_student ns where ns.teaching_class_id = "teaching_class"."id")
)`;

/** The co-teachers (in the order they joined) and the students' places (by name) of the class, as JSON arrays. */
export const membersJsonSql = sql<ClassMemberRows>`json_build_object(
  'teachers', (select coalesce(json_agg(json_build_object('user', ${userSummary('tu')}, 'avatar', ${mediaWhere('ta', 'tu.avatar_id')}) order by t.created, t.id), '[]')
    from teaching_class_teacher t join app_user tu on tu.id = t.teacher_id where t.teaching_class_id = "teaching_class"."id"),
  'places', (select coalesce(json_agg(json_build_object('place', ${jsonOf(teachingClassStudents, 'p')}, 'avatar', ${mediaWhere('pa', 'p.avatar_id')}) order by p.first_name, p.last_name, p.id), '[]')
    from teaching_class_student p where p.teaching_class_id = "teaching_class"."id")
)`;

const reviveClass = reviverOf<TeachingClassRow>(teachingClasses);
const reviveMedia = reviverOf<MediaRow | null>(media);
const reviveSubscription = reviverOf<SubscriptionRow | null>(subscriptions);
const revivePlace = reviverOf<PlaceRow>(teachingClassStudents);

/** Dates back into a class row that came as JSON. */
export function reviveClassRow(r: ClassWithRelations): ClassWithRelations {
  reviveClass(r.cls);
  reviveMedia(r.avatar);
  reviveMedia(r.creatorAvatar);
  reviveSubscription(r.subscription);
  return r;
}

export function reviveMembers(m: ClassMemberRows): ClassMemberRows {
  for (const t of m.teachers) reviveMedia(t.avatar);
  for (const p of m.places) {
    revivePlace(p.place);
    reviveMedia(p.avatar);
  }
  return m;
}
