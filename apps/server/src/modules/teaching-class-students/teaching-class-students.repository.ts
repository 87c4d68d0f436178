import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media, students, teachingClasses, teachingClassStudents } from '../../db/schema';
import { classRoleSql } from '../../class-access/class-roles';
import { placeLinkedSql, placeVisibleSql } from '../../class-access/visibility.sql';

export type PlaceRow = typeof teachingClassStudents.$inferSelect;
export type NewPlace = typeof teachingClassStudents.$inferInsert;

/** A place with its avatar, the user's role in its class and whether the user is linked to it: one row. */
function selectPlacesWithAccess(db: DbOrTx, userId: number) {
  return db
    .select({
      place: teachingClassStudents,
      avatar: media,
      role: classRoleSql(userId),
      linked: placeLinkedSql(userId),
      classCreatorId: teachingClasses.creatorId,
      className: teachingClasses.name,
    })
    .from(teachingClassStudents)
    .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
    .leftJoin(media, eq(media.id, teachingClassStudents.avatarId));
}

export type PlaceWithAccess = Awaited<ReturnType<typeof selectPlacesWithAccess>>[number];

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters at 11 columns a row. */
const INSERT_CHUNK = 500;

const byName = [asc(teachingClassStudents.firstName), asc(teachingClassStudents.lastName), asc(teachingClassStudents.id)];

export interface PlaceListFilter {
  ids?: number[];
  classIds?: number[];
  studentIds?: number[];
  invitationCode?: string;
}

export const teachingClassStudentsRepository = {
  async findWithAccess(db: DbOrTx, id: number, userId: number): Promise<PlaceWithAccess | null> {
    const [row] = await selectPlacesWithAccess(db, userId).where(eq(teachingClassStudents.id, id));
    return row ?? null;
  },

  findManyWithAccess: (db: DbOrTx, ids: number[], userId: number) =>
    selectPlacesWithAccess(db, userId).where(inArray(teachingClassStudents.id, ids)),

  /** Places in classes the user sees, and the places the user is linked to. */
  async listVisible(db: DbOrTx, userId: number, f: PlaceListFilter, limit: number, offset: number) {
    const where = and(
      placeVisibleSql(userId),
      f.ids ? inArray(teachingClassStudents.id, f.ids) : undefined,
      f.classIds ? inArray(teachingClassStudents.teachingClassId, f.classIds) : undefined,
      f.studentIds ? inArray(teachingClassStudents.studentId, f.studentIds) : undefined,
      f.invitationCode !== undefined ? eq(teachingClassStudents.invitationCode, f.invitationCode) : undefined,
    );
    const rows = await selectPlacesWithAccess(db, userId)
      .where(where)
      .orderBy(asc(teachingClassStudents.teachingClassId), ...byName)
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(teachingClassStudents).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /** Which of these students already have a place in the class. */
  async studentsIn(db: DbOrTx, classId: number, studentIds: number[]) {
    if (!studentIds.length) return new Set<number>();
    const rows = await db
      .select({ studentId: teachingClassStudents.studentId })
      .from(teachingClassStudents)
      .where(and(eq(teachingClassStudents.teachingClassId, classId), inArray(teachingClassStudents.studentId, studentIds)));
    return new Set(rows.map((r) => r.studentId));
  },

  /** The places of a class with their Student's own code (what an import compares its rows with). */
  members: (db: DbOrTx, classId: number) =>
    db
      .select({
        placeId: teachingClassStudents.id,
        studentId: teachingClassStudents.studentId,
        firstName: teachingClassStudents.firstName,
        lastName: teachingClassStudents.lastName,
        code: teachingClassStudents.code,
        studentCode: students.code,
      })
      .from(teachingClassStudents)
      .innerJoin(students, eq(students.id, teachingClassStudents.studentId))
      .where(eq(teachingClassStudents.teachingClassId, classId)),

  /** Many places in one statement per chunk; ids come back in the order of `values`. */
  async insertMany(db: DbOrTx, values: NewPlace[]) {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const rows = await db
        .insert(teachingClassStudents)
        .values(values.slice(i, i + INSERT_CHUNK))
        .returning({ id: teachingClassStudents.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  },

  async countOtherPlaces(db: DbOrTx, studentId: number, exceptPlaceId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(teachingClassStudents)
      .where(and(eq(teachingClassStudents.studentId, studentId), ne(teachingClassStudents.id, exceptPlaceId)));
    return row?.n ?? 0;
  },

  async insert(db: DbOrTx, values: NewPlace) {
    const [row] = await db.insert(teachingClassStudents).values(values).returning({ id: teachingClassStudents.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewPlace>) {
    await db
      .update(teachingClassStudents)
      .set({ ...values, updated: new Date() })
      .where(eq(teachingClassStudents.id, id));
  },
};
