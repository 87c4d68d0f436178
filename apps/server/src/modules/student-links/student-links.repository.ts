import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { answerPending, pendingCondition } from '../../db/invitation-state';
import { studentProfileUserInvitations as inv, studentProfileUsers as spu, teachingClasses, teachingClassStudents } from '../../db/schema';
import { classLabelSql, userLabelSql, studentLabelSql } from '../../class-access/class-labels';
import { classRoleSql, taughtClassIdsSql } from '../../class-access/class-roles';

export type StudentInvitationRow = typeof inv.$inferSelect;
export type StudentLinkRow = typeof spu.$inferSelect;

export interface LinkFilter {
  classIds?: number[];
  studentIds?: number[];
  placeIds?: number[];
  userIds?: number[];
  isApproved?: boolean;
  isPending?: boolean;
}

const selectInvitations = (db: DbOrTx, userId: number) =>
  db
    .select({
      invitation: inv,
      teachingClass: classLabelSql('"student_profile_user_invitation"."teaching_class_id"'),
      student: studentLabelSql('"student_profile_user_invitation"."student_id"'),
      user: userLabelSql('"student_profile_user_invitation"."user_id"'),
      // Read for every row; the presenter shows it to the class's teachers only (policy.canSeeRequesterEmail).
      userEmail: sql<string>`(select eu.email from app_user eu where eu.id = "student_profile_user_invitation"."user_id")`,
      role: classRoleSql(userId),
    })
    .from(inv)
    .innerJoin(teachingClasses, eq(teachingClasses.id, inv.teachingClassId));

export type StudentInvitationFull = Awaited<ReturnType<typeof selectInvitations>>[number];

/** A link with the class and place it was made through. */
const selectLinks = (db: DbOrTx) =>
  db
    .select({
      link: spu,
      classId: teachingClassStudents.teachingClassId,
      teachingClass: classLabelSql('"teaching_class_student"."teaching_class_id"'),
      student: studentLabelSql('"student_profile_user"."student_id"'),
      user: userLabelSql('"student_profile_user"."user_id"'),
    })
    .from(spu)
    .innerJoin(teachingClassStudents, eq(teachingClassStudents.id, spu.teachingClassStudentId));

export type StudentLinkFull = Awaited<ReturnType<typeof selectLinks>>[number];

/** Students of the classes the user teaches: their teachers see and manage who is linked to them. */
const taughtStudentIdsSql = (userId: number) =>
  sql`(select ts.student_id from teaching_class_student ts where ts.teaching_class_id in ${taughtClassIdsSql(userId)})`;

export const studentLinksRepository = {
  /** The place of a student invitation code, with the user's role in its class and whether they are linked to it already. */
  async placeByCode(db: DbOrTx, code: string, userId: number) {
    const [row] = await db
      .select({
        place: teachingClassStudents,
        cls: teachingClasses,
        role: classRoleSql(userId),
        linked: sql<boolean>`exists (select 1 from student_profile_user l
          where l.teaching_class_student_id = "teaching_class_student"."id" and l.user_id = ${userId})`,
      })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .where(eq(teachingClassStudents.invitationCode, code));
    return row ?? null;
  },

  async findInvitation(db: DbOrTx, id: number, userId: number) {
    const [row] = await selectInvitations(db, userId).where(eq(inv.id, id));
    return row ?? null;
  },

  /** The user's own requests and those for students of the classes they teach, newest first. */
  listInvitations: (db: DbOrTx, userId: number, f: LinkFilter, limit: number, offset: number) => {
    const where = and(
      sql`("student_profile_user_invitation"."user_id" = ${userId}
        or "student_profile_user_invitation"."teaching_class_id" in ${taughtClassIdsSql(userId)})`,
      f.classIds ? inArray(inv.teachingClassId, f.classIds) : undefined,
      f.studentIds ? inArray(inv.studentId, f.studentIds) : undefined,
      f.placeIds ? inArray(inv.teachingClassStudentId, f.placeIds) : undefined,
      f.userIds ? inArray(inv.userId, f.userIds) : undefined,
      f.isApproved !== undefined ? eq(inv.isApproved, f.isApproved) : undefined,
      pendingCondition(inv, f.isPending),
    );
    return page(
      selectInvitations(db, userId).where(where).orderBy(desc(inv.created), desc(inv.id)).limit(limit).offset(offset),
      countOf(db, inv, where),
    );
  },

  /** Some requests by id, as a teacher reads them (the answer of accept-all), oldest first. */
  findInvitations: (db: DbOrTx, ids: number[], userId: number) =>
    ids.length ? selectInvitations(db, userId).where(inArray(inv.id, ids)).orderBy(inv.id) : Promise.resolve([]),

  /**
   * The class's pending requests with the names of their places, locked in id order until the transaction ends (the
   * order every answering path takes its rows in). A request answered meanwhile by another transaction is re-read after
   * its lock is released and left out, so it is never answered twice.
   */
  pendingOfClassForUpdate: (tx: DbOrTx, classId: number) =>
    tx
      .select({
        id: inv.id,
        userId: inv.userId,
        studentId: inv.studentId,
        placeId: inv.teachingClassStudentId,
        firstName: teachingClassStudents.firstName,
        lastName: teachingClassStudents.lastName,
      })
      .from(inv)
      .innerJoin(teachingClassStudents, eq(teachingClassStudents.id, inv.teachingClassStudentId))
      .where(and(eq(inv.teachingClassId, classId), isNull(inv.isApproved)))
      .orderBy(inv.id)
      .for('update', { of: inv }),

  /** Marks requests locked by pendingOfClassForUpdate as accepted. */
  async acceptLocked(tx: DbOrTx, ids: number[]) {
    if (ids.length) await tx.update(inv).set({ isApproved: true, updated: new Date() }).where(inArray(inv.id, ids));
  },

  /** Whether the user has a request waiting for this place (one pending request per place and user). */
  async hasPending(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({ id: inv.id })
      .from(inv)
      .where(and(eq(inv.teachingClassStudentId, placeId), eq(inv.userId, userId), isNull(inv.isApproved)));
    return Boolean(row);
  },

  async insertInvitation(db: DbOrTx, values: typeof inv.$inferInsert) {
    const [row] = await db.insert(inv).values(values).returning({ id: inv.id });
    return row!.id;
  },

  answer: (db: DbOrTx, id: number, isApproved: boolean) => answerPending(db, inv, id, isApproved),

  async placeOf(db: DbOrTx, placeId: number) {
    const [row] = await db.select().from(teachingClassStudents).where(eq(teachingClassStudents.id, placeId));
    return row ?? null;
  },

  async classNameOf(db: DbOrTx, classId: number) {
    const [row] = await db.select({ name: teachingClasses.name }).from(teachingClasses).where(eq(teachingClasses.id, classId));
    return row?.name ?? null;
  },

  /** The user's role in a class (null: none). */
  async roleIn(db: DbOrTx, classId: number, userId: number) {
    const [row] = await db
      .select({ role: classRoleSql(userId) })
      .from(teachingClasses)
      .where(eq(teachingClasses.id, classId));
    return row?.role ?? null;
  },

  /** A place with its class and the user's role there (a link is extended to it). */
  async placeWithRole(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({ place: teachingClassStudents, cls: teachingClasses, role: classRoleSql(userId) })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .where(eq(teachingClassStudents.id, placeId));
    return row ?? null;
  },

  async isLinkedTo(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({ id: spu.id })
      .from(spu)
      .where(and(eq(spu.teachingClassStudentId, placeId), eq(spu.userId, userId)));
    return Boolean(row);
  },

  /** The user's pending request for a place, if any. */
  async pendingFor(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({ id: inv.id })
      .from(inv)
      .where(and(eq(inv.teachingClassStudentId, placeId), eq(inv.userId, userId), isNull(inv.isApproved)));
    return row?.id ?? null;
  },

  async findLink(db: DbOrTx, id: number) {
    const [row] = await selectLinks(db).where(eq(spu.id, id));
    return row ?? null;
  },

  /** Whether the user teaches a class in which the student has a place. */
  async teachesStudent(db: DbOrTx, userId: number, studentId: number) {
    const [row] = await db
      .select({ n: count() })
      .from(teachingClassStudents)
      .where(
        and(
          eq(teachingClassStudents.studentId, studentId),
          sql`"teaching_class_student"."teaching_class_id" in ${taughtClassIdsSql(userId)}`,
        ),
      );
    return (row?.n ?? 0) > 0;
  },

  /** The user's own links, and the links of students of the classes they teach. */
  listLinks: (db: DbOrTx, userId: number, f: LinkFilter, limit: number, offset: number) => {
    const where = and(
      sql`("student_profile_user"."user_id" = ${userId} or "student_profile_user"."student_id" in ${taughtStudentIdsSql(userId)})`,
      f.classIds ? inArray(teachingClassStudents.teachingClassId, f.classIds) : undefined,
      f.studentIds ? inArray(spu.studentId, f.studentIds) : undefined,
      f.placeIds ? inArray(spu.teachingClassStudentId, f.placeIds) : undefined,
      f.userIds ? inArray(spu.userId, f.userIds) : undefined,
    );
    return page(
      selectLinks(db).where(where).orderBy(desc(spu.created), desc(spu.id)).limit(limit).offset(offset),
      db
        .select({ n: count() })
        .from(spu)
        .innerJoin(teachingClassStudents, eq(teachingClassStudents.id, spu.teachingClassStudentId))
        .where(where),
    );
  },

  /** Links a user to a student through the place asked with; answers the new link's id, null when it already existed. */
  async link(db: DbOrTx, studentId: number, userId: number, placeId: number, classId: number) {
    const [row] = await db
      .insert(spu)
      .values({ studentId, userId, teachingClassStudentId: placeId, teachingClassId: classId, isViaInvitation: true })
      .onConflictDoNothing()
      .returning({ id: spu.id });
    return row?.id ?? null;
  },

  async unlink(db: DbOrTx, id: number) {
    const rows = await db.delete(spu).where(eq(spu.id, id)).returning({ id: spu.id });
    return rows.length > 0;
  },
};
