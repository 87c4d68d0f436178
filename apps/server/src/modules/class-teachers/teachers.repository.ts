import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { media, schools, users } from '../../db/schema';
import { linkedClassIdsSql } from '../../records/linked-access.sql';
import { taughtClassIdsSql, visibleClassIdsSql } from '../../class-access/class-roles';

/** The teachers (creators and co-teachers) of some classes. */
const teachersOfSql = (classIds: ReturnType<typeof sql>) => sql`(
  select oc.creator_id from teaching_class oc where oc.id in ${classIds}
  union all select ot.teacher_id from teaching_class_teacher ot where ot.teaching_class_id in ${classIds}
)`;

/** The teachers the user works with (in a class the user sees or is linked in), shares a school with, or is. */
const visibleTeacher = (userId: number) =>
  and(
    eq(users.accountType, 'teacher'),
    or(
      eq(users.id, userId),
      sql`"app_user"."id" in ${teachersOfSql(visibleClassIdsSql(userId))}`,
      sql`"app_user"."id" in ${teachersOfSql(linkedClassIdsSql(userId))}`,
      sql`"app_user"."school_id" is not null and "app_user"."school_id" = (select me.school_id from app_user me where me.id = ${userId})`,
    ),
  );

/** Their phone is shown only to the user themselves and to teachers who share a class with them (DESIGN §3). */
const sharesClass = (userId: number) =>
  sql<boolean>`("app_user"."id" = ${userId} or "app_user"."id" in ${teachersOfSql(taughtClassIdsSql(userId))})`;

const selectTeachers = (db: DbOrTx, userId: number) =>
  db
    .select({ user: users, avatar: media, school: { id: schools.id, name: schools.name }, sharesClass: sharesClass(userId) })
    .from(users)
    .leftJoin(media, eq(media.id, users.avatarId))
    .leftJoin(schools, eq(schools.id, users.schoolId));

export type TeacherListRow = Awaited<ReturnType<typeof selectTeachers>>[number];

export const teachersRepository = {
  async findVisible(db: DbOrTx, userId: number, id: number) {
    const [row] = await selectTeachers(db, userId).where(and(eq(users.id, id), visibleTeacher(userId)));
    return row ?? null;
  },

  async listVisible(db: DbOrTx, userId: number, f: { schoolIds?: number[]; ids?: number[] }, limit: number, offset: number) {
    const where = and(
      visibleTeacher(userId),
      f.schoolIds ? inArray(users.schoolId, f.schoolIds) : undefined,
      f.ids ? inArray(users.id, f.ids) : undefined,
    );
    return page(
      selectTeachers(db, userId).where(where).orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)).limit(limit).offset(offset),
      countOf(db, users, where),
    );
  },
};
