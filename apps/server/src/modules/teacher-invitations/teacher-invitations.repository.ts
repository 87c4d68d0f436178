import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { answerPending, pendingCondition } from '../../db/invitation-state';
import { teachingClasses, teachingClassTeacherInvitations as inv } from '../../db/schema';
import { classLabelSql, userLabelSql } from '../../class-access/class-labels';
import { classRoleSql, taughtClassIdsSql } from '../../class-access/class-roles';

export type TeacherInvitationRow = typeof inv.$inferSelect;

/** An invitation with what it is presented with, and the user's role in its class. */
const selectFull = (db: DbOrTx, userId: number) =>
  db
    .select({
      invitation: inv,
      teachingClass: classLabelSql('"teaching_class_teacher_invitation"."teaching_class_id"'),
      teacher: userLabelSql('"teaching_class_teacher_invitation"."teacher_id"'),
      role: classRoleSql(userId),
      classCreatorId: teachingClasses.creatorId,
    })
    .from(inv)
    .innerJoin(teachingClasses, eq(teachingClasses.id, inv.teachingClassId));

export type TeacherInvitationFull = Awaited<ReturnType<typeof selectFull>>[number];

export interface TeacherInvitationFilter {
  classIds?: number[];
  teacherIds?: number[];
  isApproved?: boolean;
  isPending?: boolean;
}

export const teacherInvitationsRepository = {
  async findFull(db: DbOrTx, id: number, userId: number) {
    const [row] = await selectFull(db, userId).where(eq(inv.id, id));
    return row ?? null;
  },

  /** The user's own requests and those for the classes they teach, newest first. */
  async listVisible(db: DbOrTx, userId: number, f: TeacherInvitationFilter, limit: number, offset: number) {
    const where = and(
      sql`("teaching_class_teacher_invitation"."teacher_id" = ${userId} or "teaching_class_teacher_invitation"."teaching_class_id" in ${taughtClassIdsSql(userId)})`,
      f.classIds ? inArray(inv.teachingClassId, f.classIds) : undefined,
      f.teacherIds ? inArray(inv.teacherId, f.teacherIds) : undefined,
      f.isApproved !== undefined ? eq(inv.isApproved, f.isApproved) : undefined,
      pendingCondition(inv, f.isPending),
    );
    return page(
      selectFull(db, userId).where(where).orderBy(desc(inv.created), desc(inv.id)).limit(limit).offset(offset),
      countOf(db, inv, where),
    );
  },

  async hasPending(db: DbOrTx, classId: number, teacherId: number) {
    const [row] = await db
      .select({ id: inv.id })
      .from(inv)
      .where(and(eq(inv.teachingClassId, classId), eq(inv.teacherId, teacherId), isNull(inv.isApproved)));
    return Boolean(row);
  },

  async insert(db: DbOrTx, classId: number, teacherId: number) {
    const [row] = await db.insert(inv).values({ teachingClassId: classId, teacherId }).returning({ id: inv.id });
    return row!.id;
  },

  answer: (db: DbOrTx, id: number, isApproved: boolean) => answerPending(db, inv, id, isApproved),
};
