import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { media, studentProfileUsers, students, teachingClassStudents } from '../../db/schema';
import { studentVisibleSql } from '../../class-access/visibility.sql';

export type StudentRow = typeof students.$inferSelect;
export type NewStudent = typeof students.$inferInsert;
export interface StudentWithAvatar {
  student: StudentRow;
  avatar: typeof media.$inferSelect | null;
}

export const studentsRepository = {
  async findVisible(db: DbOrTx, id: number, userId: number): Promise<StudentWithAvatar | null> {
    const [row] = await db
      .select({ student: students, avatar: media })
      .from(students)
      .leftJoin(media, eq(media.id, students.avatarId))
      .where(and(eq(students.id, id), studentVisibleSql(userId)));
    return row ?? null;
  },

  async listVisible(db: DbOrTx, userId: number, f: { ids?: number[]; classIds?: number[] }, limit: number, offset: number) {
    const where = and(
      studentVisibleSql(userId),
      f.ids ? inArray(students.id, f.ids) : undefined,
      f.classIds
        ? inArray(
            students.id,
            db
              .select({ id: teachingClassStudents.studentId })
              .from(teachingClassStudents)
              .where(inArray(teachingClassStudents.teachingClassId, f.classIds)),
          )
        : undefined,
    );
    return page(
      db
        .select({ student: students, avatar: media })
        .from(students)
        .leftJoin(media, eq(media.id, students.avatarId))
        .where(where)
        .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
        .limit(limit)
        .offset(offset),
      countOf(db, students, where),
    );
  },

  /**
   * Students the user may see whose code is one of these, as written or lower-cased (an import compares codes without
   * case or width, and checks again: the database's lower() may leave non-ASCII letters as they are).
   */
  async findVisibleByCodes(db: DbOrTx, userId: number, codes: string[]) {
    if (!codes.length) return [];
    const forms = [...new Set(codes.flatMap((c) => [c.normalize('NFKC'), c.normalize('NFKC').toLowerCase()]))];
    const rows = await db
      .select({ id: students.id, code: students.code, avatarId: students.avatarId })
      .from(students)
      .where(and(inArray(sql`lower(normalize(${students.code}, NFKC))`, forms), studentVisibleSql(userId)));
    return rows.map((r) => ({ ...r, code: r.code! }));
  },

  /** Many students in one statement per chunk; ids come back in the order of `values` (PostgreSQL returns them so). */
  async insertMany(db: DbOrTx, values: NewStudent[]) {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await db
        .insert(students)
        .values(values.slice(i, i + 500))
        .returning({ id: students.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  },

  async insert(db: DbOrTx, values: NewStudent) {
    const [row] = await db.insert(students).values(values).returning({ id: students.id });
    return row!.id;
  },

  async avatarId(db: DbOrTx, id: number) {
    const [row] = await db.select({ avatarId: students.avatarId }).from(students).where(eq(students.id, id));
    return row?.avatarId ?? null;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewStudent>) {
    await db
      .update(students)
      .set({ ...values, updated: new Date() })
      .where(eq(students.id, id));
  },

  /** Links a user to a student in the class of one of their places (what an approved student-profile invitation does). */
  async linkUser(db: DbOrTx, studentId: number, userId: number, teachingClassStudentId: number, teachingClassId: number) {
    await db.insert(studentProfileUsers).values({ studentId, userId, teachingClassStudentId, teachingClassId }).onConflictDoNothing();
  },
};
