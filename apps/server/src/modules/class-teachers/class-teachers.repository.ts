import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { teachingClasses, teachingClassTeachers as tct } from '../../db/schema';
import { userLabelSql } from '../../class-access/class-labels';
import { classRoleSql, visibleClassIdsSql } from '../../class-access/class-roles';

export type ClassTeacherRow = typeof tct.$inferSelect;

const selectFull = (db: DbOrTx, userId: number) =>
  db
    .select({
      row: tct,
      teacher: userLabelSql('"teaching_class_teacher"."teacher_id"'),
      role: classRoleSql(userId),
      classCreatorId: teachingClasses.creatorId,
      className: teachingClasses.name,
    })
    .from(tct)
    .innerJoin(teachingClasses, eq(teachingClasses.id, tct.teachingClassId));

export type ClassTeacherFull = Awaited<ReturnType<typeof selectFull>>[number];

export const classTeachersRepository = {
  /** The class of an invitation code and the user's role in it. */
  async classByCode(db: DbOrTx, code: string, userId: number) {
    const [row] = await db
      .select({ cls: teachingClasses, role: classRoleSql(userId) })
      .from(teachingClasses)
      .where(eq(teachingClasses.invitationCode, code));
    return row ?? null;
  },

  /** Makes a user a co-teacher; answers the new row's id, or null when they already were one. */
  async add(db: DbOrTx, classId: number, teacherId: number, isViaInvitation: boolean) {
    const [row] = await db
      .insert(tct)
      .values({ teachingClassId: classId, teacherId, isViaInvitation })
      .onConflictDoNothing()
      .returning({ id: tct.id });
    return row?.id ?? null;
  },

  /** Everyone who teaches the class: its creator and its co-teachers. */
  async teacherIds(db: DbOrTx, classId: number) {
    const [creator, co] = await Promise.all([
      db.select({ id: teachingClasses.creatorId }).from(teachingClasses).where(eq(teachingClasses.id, classId)),
      db.select({ id: tct.teacherId }).from(tct).where(eq(tct.teachingClassId, classId)),
    ]);
    return [...new Set([...creator, ...co].map((r) => r.id))];
  },

  async findFull(db: DbOrTx, id: number, userId: number) {
    const [row] = await selectFull(db, userId).where(eq(tct.id, id));
    return row ?? null;
  },

  /** Co-teachers of the classes the user sees, by class and in the order they joined. */
  async listVisible(db: DbOrTx, userId: number, f: { classIds?: number[]; teacherIds?: number[] }, limit: number, offset: number) {
    const where = and(
      sql`"teaching_class_teacher"."teaching_class_id" in ${visibleClassIdsSql(userId)}`,
      f.classIds ? inArray(tct.teachingClassId, f.classIds) : undefined,
      f.teacherIds ? inArray(tct.teacherId, f.teacherIds) : undefined,
    );
    return page(
      selectFull(db, userId).where(where).orderBy(asc(tct.teachingClassId), asc(tct.created), asc(tct.id)).limit(limit).offset(offset),
      countOf(db, tct, where),
    );
  },

  async delete(db: DbOrTx, id: number) {
    const rows = await db.delete(tct).where(eq(tct.id, id)).returning({ id: tct.id });
    return rows.length > 0;
  },
};
