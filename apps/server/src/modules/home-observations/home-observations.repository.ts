import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import {
  homeObservationMedias,
  homeObservations,
  learningActions,
  learningSkills,
  media,
  ratingMedias,
  teachingClasses,
  teachingClassStudents,
  users,
} from '../../db/schema';
import { classRoleSql, taughtClassIdsSql } from '../../class-access/class-roles';
import { linkedPlaceIdsSql } from '../../records/linked-access.sql';

export type HomeObservationRow = typeof homeObservations.$inferSelect;
export type NewHomeObservation = typeof homeObservations.$inferInsert;

const linkedSql = (userId: number) => sql<boolean>`(${homeObservations.teachingClassStudentId} in ${linkedPlaceIdsSql(userId)})`;

/** A home observation with what its answer and its access check need, in one statement. */
const fullSelect = (userId: number) => ({
  obs: homeObservations,
  role: classRoleSql(userId),
  linked: linkedSql(userId),
  isFinished: teachingClasses.isFinished,
  className: teachingClasses.name,
  student: {
    firstName: teachingClassStudents.firstName,
    lastName: teachingClassStudents.lastName,
    studentId: teachingClassStudents.studentId,
  },
  action: { id: learningActions.id, name: learningActions.name, translationKey: learningActions.translationKey },
  skill: {
    id: learningSkills.id,
    name: learningSkills.name,
    translationKey: learningSkills.translationKey,
    // DESIGN §12: an approved observation gets the points of the skill's first stage when they pass the default.
    firstPoints: sql<number>`("learning_skill"."stages" -> 0 ->> 'points')::int`,
  },
  creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
});
export type FullHomeObservation = {
  obs: HomeObservationRow;
  role: 0 | 1 | 2 | null;
  linked: boolean;
  isFinished: boolean;
  className: string;
  student: { firstName: string; lastName: string; studentId: number };
  action: { id: number; name: string; translationKey: string | null };
  skill: { id: number; name: string; translationKey: string | null; firstPoints: number };
  creator: { id: number; firstName: string; lastName: string } | null;
};

function fullFrom(db: DbOrTx, userId: number) {
  return db
    .select(fullSelect(userId))
    .from(homeObservations)
    .innerJoin(teachingClasses, eq(teachingClasses.id, homeObservations.teachingClassId))
    .innerJoin(teachingClassStudents, eq(teachingClassStudents.id, homeObservations.teachingClassStudentId))
    .innerJoin(learningActions, eq(learningActions.id, homeObservations.learningActionId))
    .innerJoin(learningSkills, eq(learningSkills.id, learningActions.learningSkillId))
    .leftJoin(users, eq(users.id, homeObservations.creatorId));
}

export interface HomeObservationFilter {
  classIds?: number[];
  placeIds?: number[];
  statuses?: string[];
}

export const homeObservationsRepository = {
  /** The child's place, its class and what the user is there (role, linked to this very place). */
  async placeAccess(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({
        place: {
          id: teachingClassStudents.id,
          studentId: teachingClassStudents.studentId,
          firstName: teachingClassStudents.firstName,
          lastName: teachingClassStudents.lastName,
        },
        cls: teachingClasses,
        role: classRoleSql(userId),
        linked: sql<boolean>`(${teachingClassStudents.id} in ${linkedPlaceIdsSql(userId)})`,
      })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .where(eq(teachingClassStudents.id, placeId));
    return row ?? null;
  },

  async insert(tx: DbOrTx, values: NewHomeObservation) {
    const [row] = await tx.insert(homeObservations).values(values).returning({ id: homeObservations.id });
    return row!.id;
  },

  async attach(tx: DbOrTx, id: number, mediaIds: number[]) {
    if (!mediaIds.length) return;
    await tx.insert(homeObservationMedias).values(mediaIds.map((mediaId) => ({ homeObservationId: id, mediaId })));
  },

  async find(db: DbOrTx, id: number, userId: number): Promise<FullHomeObservation | null> {
    const [row] = await fullFrom(db, userId).where(eq(homeObservations.id, id));
    return (row as FullHomeObservation | undefined) ?? null;
  },

  /** Locks one, whatever its status, for its withdrawal; null when it is gone. */
  async lock(tx: DbOrTx, id: number) {
    const [row] = await tx.select().from(homeObservations).where(eq(homeObservations.id, id)).for('update');
    return row ?? null;
  },

  /** Locks a pending one for its answer; null when it was answered (or deleted) meanwhile. */
  async lockPending(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select()
      .from(homeObservations)
      .where(and(eq(homeObservations.id, id), eq(homeObservations.status, 'pending')))
      .for('update');
    return row ?? null;
  },

  /** What the user may read: those of the classes they teach, and those of the places they are linked to. */
  async list(db: DbOrTx, userId: number, f: HomeObservationFilter, limit: number, offset: number) {
    const where: SQL | undefined = and(
      or(sql`${homeObservations.teachingClassId} in ${taughtClassIdsSql(userId)}`, linkedSql(userId)),
      f.classIds ? inArray(homeObservations.teachingClassId, f.classIds.length ? f.classIds : [0]) : undefined,
      f.placeIds ? inArray(homeObservations.teachingClassStudentId, f.placeIds.length ? f.placeIds : [0]) : undefined,
      f.statuses?.length ? inArray(homeObservations.status, f.statuses as HomeObservationRow['status'][]) : undefined,
    );
    const { rows, total } = await page(
      fullFrom(db, userId).where(where).orderBy(desc(homeObservations.id)).limit(limit).offset(offset),
      countOf(db, homeObservations, where),
    );
    return { rows: rows as FullHomeObservation[], total };
  },

  async medias(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ homeObservationId: homeObservationMedias.homeObservationId, media })
      .from(homeObservationMedias)
      .innerJoin(media, eq(media.id, homeObservationMedias.mediaId))
      .where(inArray(homeObservationMedias.homeObservationId, ids))
      .orderBy(asc(homeObservationMedias.id));
  },

  async answer(tx: DbOrTx, id: number, values: Pick<NewHomeObservation, 'status' | 'reason' | 'ratingId'>) {
    await tx
      .update(homeObservations)
      .set({ ...values, updated: new Date() })
      .where(eq(homeObservations.id, id));
  },

  /** Moves the attachments to the rating the observation became (DESIGN §11): the files stay, their link changes. */
  async moveMediaToRating(tx: DbOrTx, id: number, ratingId: number) {
    const moved = await tx
      .delete(homeObservationMedias)
      .where(eq(homeObservationMedias.homeObservationId, id))
      .returning({ mediaId: homeObservationMedias.mediaId });
    if (moved.length) await tx.insert(ratingMedias).values(moved.map((m) => ({ ratingId, mediaId: m.mediaId })));
    return moved.length;
  },

  /** The class's teachers (creator and co-teachers), who hear of a home observation waiting. */
  async teachersOf(db: DbOrTx, classId: number) {
    const res = await db.execute<{ id: number }>(sql`select tc.creator_id as id from teaching_class tc where tc.id = ${classId}
      and tc.creator_id is not null union select tct.teacher_id from teaching_class_teacher tct where tct.teaching_class_id = ${classId}`);
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  },

  async userName(db: DbOrTx, userId: number) {
    const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    return row ?? null;
  },

  /** The users linked to the place in its class, who hear that an observation of theirs was approved. */
  async linkedUsersOf(db: DbOrTx, placeId: number) {
    const res = await db.execute<{ id: number }>(
      sql`select spu.user_id as id from student_profile_user spu where spu.teaching_class_student_id = ${placeId}`,
    );
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  },
};
