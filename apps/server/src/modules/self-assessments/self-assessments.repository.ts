import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import {
  learningSkills,
  media,
  selfAssessmentMedias,
  selfAssessments,
  teachingClasses,
  teachingClassStudents,
  users,
} from '../../db/schema';
import { classRoleSql } from '../../class-access/class-roles';
import { selfAssessmentVisibleSql } from '../../class-access/visibility.sql';
import { linkedPlaceIdsSql } from '../../records/linked-access.sql';

export type SelfAssessmentRow = typeof selfAssessments.$inferSelect;
export type NewSelfAssessment = typeof selfAssessments.$inferInsert;

/** A self-assessment with what its answer needs (the skill's stages name its points), in one statement. */
const fullSelect = {
  sa: selfAssessments,
  skill: {
    id: learningSkills.id,
    name: learningSkills.name,
    translationKey: learningSkills.translationKey,
    stages: learningSkills.stages,
  },
  creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};
export type FullSelfAssessment = {
  sa: SelfAssessmentRow;
  skill: { id: number; name: string; translationKey: string | null; stages: (typeof learningSkills.$inferSelect)['stages'] };
  creator: { id: number; firstName: string; lastName: string } | null;
};

const fullFrom = (db: DbOrTx) =>
  db
    .select(fullSelect)
    .from(selfAssessments)
    .innerJoin(learningSkills, eq(learningSkills.id, selfAssessments.learningSkillId))
    .leftJoin(users, eq(users.id, selfAssessments.creatorId));

export const selfAssessmentsRepository = {
  /**
   * The child's place, its class, what the user is there (role; linked to this very place) and their account type:
   * DESIGN §12 lets only a student account linked to the place rate itself.
   */
  async placeAccess(db: DbOrTx, placeId: number, userId: number) {
    const [row] = await db
      .select({
        place: { id: teachingClassStudents.id, studentId: teachingClassStudents.studentId },
        cls: {
          id: teachingClasses.id,
          isFinished: teachingClasses.isFinished,
          selfAssessment: teachingClasses.selfAssessment,
        },
        role: classRoleSql(userId),
        linked: sql<boolean>`(${teachingClassStudents.id} in ${linkedPlaceIdsSql(userId)})`,
        accountType: sql<string | null>`(select u.account_type from app_user u where u.id = ${userId})`,
      })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .where(eq(teachingClassStudents.id, placeId));
    return row ?? null;
  },

  /** The one written under a device's id, whoever may see it (the service answers only its own creator's resend). */
  async byClientId(db: DbOrTx, clientId: string): Promise<SelfAssessmentRow | null> {
    const [row] = await db.select().from(selfAssessments).where(eq(selfAssessments.clientId, clientId));
    return row ?? null;
  },

  /**
   * Its id; null when its `clientId` was written meanwhile by another request (which this one waited for, as the
   * unique index makes it): the caller answers that one.
   */
  async insert(tx: DbOrTx, values: NewSelfAssessment): Promise<number | null> {
    const [row] = await tx
      .insert(selfAssessments)
      .values(values)
      .onConflictDoNothing({ target: selfAssessments.clientId })
      .returning({ id: selfAssessments.id });
    return row?.id ?? null;
  },

  async attach(tx: DbOrTx, id: number, mediaIds: number[]) {
    if (!mediaIds.length) return;
    await tx.insert(selfAssessmentMedias).values(mediaIds.map((mediaId) => ({ selfAssessmentId: id, mediaId })));
  },

  /** One the user may see (the visibility of access-rules' `selfAssessment`, in SQL), or null. */
  async findVisible(db: DbOrTx, id: number, userId: number): Promise<FullSelfAssessment | null> {
    const [row] = await fullFrom(db).where(and(eq(selfAssessments.id, id), selfAssessmentVisibleSql(userId)));
    return (row as FullSelfAssessment | undefined) ?? null;
  },

  /** The places' self-assessments, newest first; the caller checked the user may read each place. */
  /** Those the user may see (the classes they are a member of, the places they are linked to), of some places or all. */
  async list(db: DbOrTx, userId: number, placeIds: number[] | undefined, skillIds: number[] | undefined, limit: number, offset: number) {
    const where: SQL | undefined = and(
      selfAssessmentVisibleSql(userId),
      placeIds ? inArray(selfAssessments.teachingClassStudentId, placeIds.length ? placeIds : [0]) : undefined,
      skillIds ? inArray(selfAssessments.learningSkillId, skillIds.length ? skillIds : [0]) : undefined,
    );
    const { rows, total } = await page(
      fullFrom(db).where(where).orderBy(desc(selfAssessments.id)).limit(limit).offset(offset),
      countOf(db, selfAssessments, where),
    );
    return { rows: rows as FullSelfAssessment[], total };
  },

  async medias(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ ownerId: selfAssessmentMedias.selfAssessmentId, media })
      .from(selfAssessmentMedias)
      .innerJoin(media, eq(media.id, selfAssessmentMedias.mediaId))
      .where(inArray(selfAssessmentMedias.selfAssessmentId, ids))
      .orderBy(asc(selfAssessmentMedias.id));
  },

  /** The places of the export's part: every self-assessment with its skill, oldest first (DESIGN §6 "Export"). */
  async ofPlaces(db: DbOrTx, placeIds: number[]) {
    if (!placeIds.length) return [];
    return (await fullFrom(db)
      .where(inArray(selfAssessments.teachingClassStudentId, placeIds))
      .orderBy(asc(selfAssessments.id))) as FullSelfAssessment[];
  },
};
