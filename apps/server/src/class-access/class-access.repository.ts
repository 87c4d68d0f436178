import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { teachingClasses, teachingClassStudents } from '../db/schema';
import { classRoleSql } from './class-roles';

/** The class reads that permission checks in every module need. */
export const classAccessRepository = {
  /** What permission checks need: the class and the user's role in it (null: no access). */
  async findAccess(db: DbOrTx, id: number, userId: number) {
    const [row] = await db
      .select({ cls: teachingClasses, role: classRoleSql(userId) })
      .from(teachingClasses)
      .where(eq(teachingClasses.id, id));
    return row ?? null;
  },

  /** How many students the class has (the one-student rule of individual classes). */
  async countPlaces(db: DbOrTx, classId: number) {
    const [row] = await db.select({ n: count() }).from(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, classId));
    return row?.n ?? 0;
  },
};
