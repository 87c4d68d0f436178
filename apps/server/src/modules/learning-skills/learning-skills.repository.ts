import { and, asc, count, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { learningActions, learningSkills, media, ratings, teachingClassLearningSkills } from '../../db/schema';
import { visibleClassIdsSql } from '../../class-access/class-roles';
import { skillVisibleSql } from '../../class-access/visibility.sql';

export type SkillRow = typeof learningSkills.$inferSelect;
export type NewSkill = typeof learningSkills.$inferInsert;
export type ActionRow = typeof learningActions.$inferSelect;
export type NewAction = typeof learningActions.$inferInsert;
export type ClassSkillRow = typeof teachingClassLearningSkills.$inferSelect;

/**
 * Whether the user may change a skill and its actions: a custom skill they created (DESIGN §2). Using a skill in one's
 * own class, as a co-teacher or as an evaluator who added it, never grants the right to change it.
 */
export const editableSkillSql = (userId: number) =>
  sql<boolean>`(not "learning_skill"."is_public" and "learning_skill"."creator_id" = ${userId})`;

const selectSkills = (db: DbOrTx, userId: number) =>
  db
    .select({ skill: learningSkills, avatar: media, canEdit: editableSkillSql(userId) })
    .from(learningSkills)
    .leftJoin(media, eq(media.id, learningSkills.avatarId));

export type SkillWithAvatar = Awaited<ReturnType<typeof selectSkills>>[number];

export interface SkillFilter {
  ids?: number[];
  isPublic?: boolean;
  creatorIds?: number[];
}

const byPosition = [asc(learningActions.position), asc(learningActions.id)];

export const learningSkillsRepository = {
  async findVisible(db: DbOrTx, id: number, userId: number): Promise<SkillWithAvatar | null> {
    const [row] = await selectSkills(db, userId).where(and(eq(learningSkills.id, id), skillVisibleSql(userId)));
    return row ?? null;
  },

  async listVisible(db: DbOrTx, userId: number, f: SkillFilter, limit: number, offset: number) {
    const where = and(
      skillVisibleSql(userId),
      f.ids ? inArray(learningSkills.id, f.ids) : undefined,
      f.isPublic !== undefined ? eq(learningSkills.isPublic, f.isPublic) : undefined,
      f.creatorIds ? inArray(learningSkills.creatorId, f.creatorIds) : undefined,
    );
    return page(
      selectSkills(db, userId).where(where).orderBy(asc(learningSkills.isPublic), asc(learningSkills.id)).limit(limit).offset(offset),
      countOf(db, learningSkills, where),
    );
  },

  /** The skills a class uses, with the link's id, in the order they were added. */
  async ofClass(db: DbOrTx, classId: number, userId: number) {
    return db
      .select({ skill: learningSkills, avatar: media, canEdit: editableSkillSql(userId), linkId: teachingClassLearningSkills.id })
      .from(teachingClassLearningSkills)
      .innerJoin(learningSkills, eq(learningSkills.id, teachingClassLearningSkills.learningSkillId))
      .leftJoin(media, eq(media.id, learningSkills.avatarId))
      .where(eq(teachingClassLearningSkills.teachingClassId, classId))
      .orderBy(asc(teachingClassLearningSkills.id));
  },

  async insert(db: DbOrTx, values: NewSkill) {
    const [row] = await db.insert(learningSkills).values(values).returning({ id: learningSkills.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewSkill>) {
    await db
      .update(learningSkills)
      .set({ ...values, updated: new Date() })
      .where(eq(learningSkills.id, id));
  },

  /** The stages of some skills (DESIGN §12), to check a rating's points against. */
  async stagesOf(db: DbOrTx, ids: number[]) {
    const rows = await db.select({ stages: learningSkills.stages }).from(learningSkills).where(inArray(learningSkills.id, ids));
    return rows.map((r) => r.stages);
  },

  /** Catalogue skills by translation key, for the seed. */
  async catalogue(db: DbOrTx) {
    return db.select().from(learningSkills).where(eq(learningSkills.isPublic, true));
  },

  // Actions

  actionsOfSkills: (db: DbOrTx, skillIds: number[]) =>
    skillIds.length
      ? db
          .select()
          .from(learningActions)
          .where(inArray(learningActions.learningSkillId, skillIds))
          .orderBy(...byPosition)
      : Promise.resolve([] as ActionRow[]),

  async listActions(db: DbOrTx, userId: number, f: { skillIds?: number[]; ids?: number[] }, limit: number, offset: number) {
    const where: SQL | undefined = and(
      sql`"learning_action"."learning_skill_id" in (select "learning_skill"."id" from learning_skill where ${skillVisibleSql(userId)})`,
      f.skillIds ? inArray(learningActions.learningSkillId, f.skillIds) : undefined,
      f.ids ? inArray(learningActions.id, f.ids) : undefined,
    );
    return page(
      db
        .select()
        .from(learningActions)
        .where(where)
        .orderBy(asc(learningActions.learningSkillId), ...byPosition)
        .limit(limit)
        .offset(offset),
      countOf(db, learningActions, where),
    );
  },

  async findAction(db: DbOrTx, id: number): Promise<ActionRow | null> {
    const [row] = await db.select().from(learningActions).where(eq(learningActions.id, id));
    return row ?? null;
  },

  async nextPosition(db: DbOrTx, skillId: number) {
    const [row] = await db
      .select({ n: max(learningActions.position) })
      .from(learningActions)
      .where(eq(learningActions.learningSkillId, skillId));
    return row?.n === null || row?.n === undefined ? 0 : row.n + 1;
  },

  async countActions(db: DbOrTx, skillId: number) {
    const [row] = await db.select({ n: count() }).from(learningActions).where(eq(learningActions.learningSkillId, skillId));
    return row?.n ?? 0;
  },

  async insertAction(db: DbOrTx, values: NewAction) {
    const [row] = await db.insert(learningActions).values(values).returning({ id: learningActions.id });
    return row!.id;
  },

  async updateAction(db: DbOrTx, id: number, values: Partial<NewAction>) {
    await db
      .update(learningActions)
      .set({ ...values, updated: new Date() })
      .where(eq(learningActions.id, id));
  },

  async deleteAction(db: DbOrTx, id: number) {
    await db.delete(learningActions).where(eq(learningActions.id, id));
  },

  async actionHasRatings(db: DbOrTx, id: number) {
    const [row] = await db.select({ id: ratings.id }).from(ratings).where(eq(ratings.learningActionId, id)).limit(1);
    return Boolean(row);
  },

  // Class links

  async findLink(db: DbOrTx, id: number): Promise<ClassSkillRow | null> {
    const [row] = await db.select().from(teachingClassLearningSkills).where(eq(teachingClassLearningSkills.id, id));
    return row ?? null;
  },

  async listLinks(
    db: DbOrTx,
    userId: number,
    f: { classIds?: number[]; skillIds?: number[]; ids?: number[] },
    limit: number,
    offset: number,
  ) {
    const where = and(
      sql`"teaching_class_learning_skill"."teaching_class_id" in ${visibleClassIdsSql(userId)}`,
      f.classIds ? inArray(teachingClassLearningSkills.teachingClassId, f.classIds) : undefined,
      f.skillIds ? inArray(teachingClassLearningSkills.learningSkillId, f.skillIds) : undefined,
      f.ids ? inArray(teachingClassLearningSkills.id, f.ids) : undefined,
    );
    return page(
      db
        .select({ link: teachingClassLearningSkills, skill: learningSkills, avatar: media, canEdit: editableSkillSql(userId) })
        .from(teachingClassLearningSkills)
        .innerJoin(learningSkills, eq(learningSkills.id, teachingClassLearningSkills.learningSkillId))
        .leftJoin(media, eq(media.id, learningSkills.avatarId))
        .where(where)
        .orderBy(asc(teachingClassLearningSkills.teachingClassId), asc(teachingClassLearningSkills.id))
        .limit(limit)
        .offset(offset),
      countOf(db, teachingClassLearningSkills, where),
    );
  },

  /** Whether a class uses a skill. */
  async classUses(db: DbOrTx, classId: number, skillId: number) {
    const [row] = await db
      .select({ id: teachingClassLearningSkills.id })
      .from(teachingClassLearningSkills)
      .where(and(eq(teachingClassLearningSkills.teachingClassId, classId), eq(teachingClassLearningSkills.learningSkillId, skillId)));
    return row?.id ?? null;
  },

  /** A skill and whether a class uses it, in one statement; null when the skill does not exist. */
  async skillInClass(db: DbOrTx, classId: number, skillId: number) {
    const [row] = await db
      .select({
        id: learningSkills.id,
        inClass: sql<boolean>`exists (select 1 from teaching_class_learning_skill u
          where u.teaching_class_id = ${classId} and u.learning_skill_id = "learning_skill"."id")`,
      })
      .from(learningSkills)
      .where(eq(learningSkills.id, skillId));
    return row ?? null;
  },

  /** Adds a skill to a class; null when the class already uses it. */
  async link(db: DbOrTx, classId: number, skillId: number) {
    const [row] = await db
      .insert(teachingClassLearningSkills)
      .values({ teachingClassId: classId, learningSkillId: skillId })
      .onConflictDoNothing()
      .returning({ id: teachingClassLearningSkills.id });
    return row?.id ?? null;
  },

  async unlink(db: DbOrTx, id: number) {
    await db.delete(teachingClassLearningSkills).where(eq(teachingClassLearningSkills.id, id));
  },

  /** A new class starts with the catalogue's skills (the `skillroom` framework; the others wait to be adopted). */
  async linkCatalogue(db: DbOrTx, classId: number) {
    await db.execute(sql`insert into teaching_class_learning_skill (teaching_class_id, learning_skill_id)
      select ${classId}, ls.id from learning_skill ls where ls.is_public and ls.framework = 'skillroom' order by ls.id
      on conflict do nothing`);
  },

  /** The shipped skills of a framework (DESIGN §12), in the order they were shipped. */
  frameworkSkills: (db: DbOrTx, userId: number, frameworks: readonly string[]) =>
    selectSkills(db, userId)
      .where(and(eq(learningSkills.isPublic, true), inArray(learningSkills.framework, [...frameworks])))
      .orderBy(asc(learningSkills.id)),

  /** Adds a framework's skills to a class; the ids of those it did not use yet (adopting twice adds nothing twice). */
  async linkFramework(db: DbOrTx, classId: number, framework: string) {
    const res = await db.execute<{ learning_skill_id: number }>(sql`insert into teaching_class_learning_skill
      (teaching_class_id, learning_skill_id)
      select ${classId}, ls.id from learning_skill ls where ls.is_public and ls.framework = ${framework} order by ls.id
      on conflict do nothing returning learning_skill_id`);
    return (res as unknown as { rows: { learning_skill_id: number }[] }).rows.map((r) => Number(r.learning_skill_id));
  },

  /** Catalogue skills new to the platform reach every class that exists. */
  async linkToAllClasses(db: DbOrTx, skillIds: number[]) {
    if (!skillIds.length) return;
    await db.execute(sql`insert into teaching_class_learning_skill (teaching_class_id, learning_skill_id)
      select tc.id, ls.id from teaching_class tc cross join learning_skill ls where ls.id in ${sql`(${sql.join(
        skillIds.map((id) => sql`${id}`),
        sql`, `,
      )})`} on conflict do nothing`);
  },
};
