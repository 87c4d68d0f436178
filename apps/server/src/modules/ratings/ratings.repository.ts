import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { reviverOf } from '../../db/json';
import { preparedPer } from '../../db/prepared';
import {
  learningActions,
  learningSkills,
  media,
  ratingMedias,
  ratings,
  ratingStudents,
  teachingClasses,
  teachingClassStudents,
  users,
} from '../../db/schema';
import { classRoleSql, visibleClassIdsSql } from '../../class-access/class-roles';
import { classSetVersionSql } from '../../class-access/class-versions';
import { linkedClassIdsSql } from '../../records/linked-access.sql';
import { ratingMediaRepository } from './rating-media.repository';
import {
  type RatingLinkQuery,
  ratingLinksSql,
  ratingMediasSql,
  ratingPlacesSql,
  ratingVisibleSql,
  type RatingMediaJson,
} from './ratings.sql';

export type RatingRow = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;
export type RatingStudentRow = typeof ratingStudents.$inferSelect;
export type RatingMediaRow = typeof ratingMedias.$inferSelect;

/** The classes whose ratings a user's feed may show: those they see, and those where they are linked to a student. */
const feedClassIdsSql = sql`(${visibleClassIdsSql(sql.placeholder('userId'))} union all ${linkedClassIdsSql(
  sql`${sql.placeholder('userId')}`,
)})`;

const statements = preparedPer((db) => ({
  // The filter's classes, when it names some: a feed of one class is not made stale by writes in the others.
  version: db
    .select({ version: classSetVersionSql('ratings', feedClassIdsSql, sql`${sql.placeholder('classIds')}::integer[]`) })
    .from(sql`(select 1) as one`)
    .prepare('ratings_feed_version'),
  versionAll: db
    .select({ version: classSetVersionSql('ratings', feedClassIdsSql) })
    .from(sql`(select 1) as one`)
    .prepare('ratings_feed_version_all'),
}));

const skillIcon = alias(media, 'skill_icon');
const creatorAvatar = alias(media, 'creator_avatar');

/**
 * A rating with everything it is presented with, in one row: skill and icon, action, creator and avatar, places,
 * attachments. The action is left-joined: a rating of a skill as a whole names none (DESIGN §14).
 */
function selectFull(db: DbOrTx, userId: number) {
  return db
    .select({
      rating: ratings,
      skill: learningSkills,
      skillIcon,
      action: learningActions,
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, accountType: users.accountType },
      creatorAvatar,
      places: ratingPlacesSql,
      medias: ratingMediasSql,
      role: classRoleSql(userId),
    })
    .from(ratings)
    .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
    .innerJoin(learningSkills, eq(learningSkills.id, ratings.learningSkillId))
    .leftJoin(skillIcon, eq(skillIcon.id, learningSkills.avatarId))
    .leftJoin(learningActions, eq(learningActions.id, ratings.learningActionId))
    .leftJoin(users, eq(users.id, ratings.creatorId))
    .leftJoin(creatorAvatar, eq(creatorAvatar.id, users.avatarId));
}

export type FullRating = Awaited<ReturnType<typeof selectFull>>[number];

const reviveLink = reviverOf<RatingMediaJson['link']>(ratingMedias);
const reviveMedia = reviverOf<RatingMediaJson['media']>(media);
function revive(rows: FullRating[]) {
  for (const r of rows)
    for (const m of r.medias) {
      reviveLink(m.link);
      reviveMedia(m.media);
    }
  return rows;
}

export interface RatingFilter {
  classIds?: number[];
  placeIds?: number[];
  studentIds?: number[];
  skillIds?: number[];
  actionIds?: number[];
  creatorIds?: number[];
  ids?: number[];
  observations?: string[];
  after?: string;
  before?: string;
  /** With a student filter: also the whole-class ratings of the classes those students have places in. */
  includeWholeClass?: boolean;
}

function where(userId: number, f: RatingFilter): SQL | undefined {
  const named = (column: 'teaching_class_student_id' | 'student_id', ids: number[]) =>
    sql`exists (select 1 from rating_student frs where frs.rating_id = "rating"."id" and frs.${sql.raw(column)} in ${sql`(${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`})`;
  const wholeClassOf = (column: 'id' | 'student_id', ids: number[]) =>
    and(
      eq(ratings.isWholeClass, true),
      sql`"rating"."teaching_class_id" in (select wtcs.teaching_class_id from teaching_class_student wtcs
        where wtcs.${sql.raw(column)} in ${sql`(${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`})`,
    );
  const studentFilter = (column: 'teaching_class_student_id' | 'student_id', ids: number[] | undefined) =>
    ids
      ? f.includeWholeClass
        ? or(named(column, ids), wholeClassOf(column === 'student_id' ? 'student_id' : 'id', ids))
        : named(column, ids)
      : undefined;
  return and(
    ratingVisibleSql(userId),
    f.classIds ? inArray(ratings.teachingClassId, f.classIds) : undefined,
    studentFilter('teaching_class_student_id', f.placeIds),
    studentFilter('student_id', f.studentIds),
    f.skillIds ? inArray(ratings.learningSkillId, f.skillIds) : undefined,
    f.actionIds ? inArray(ratings.learningActionId, f.actionIds) : undefined,
    f.creatorIds ? inArray(ratings.creatorId, f.creatorIds) : undefined,
    f.ids ? inArray(ratings.id, f.ids) : undefined,
    f.observations ? inArray(ratings.observation, f.observations) : undefined,
    f.after ? gte(ratings.date, f.after) : undefined,
    f.before ? lte(ratings.date, f.before) : undefined,
  );
}

export const ratingsRepository = {
  /**
   * The version a user's cached feed is checked against (migration 0011's triggers move it per class): a prepared read
   * per hit over the classes the feed may show, or only those of its class filter.
   */
  async version(db: DbOrTx, userId: number, classIds: number[] | undefined): Promise<string> {
    const [row] = classIds
      ? await statements(db).version.execute({ userId, classIds })
      : await statements(db).versionAll.execute({ userId });
    return row?.version ?? '0';
  },

  /** A rating the user may see, with their role in its class; null when it does not exist for them. */
  async findVisible(db: DbOrTx, id: number, userId: number): Promise<FullRating | null> {
    const [row] = await selectFull(db, userId).where(and(eq(ratings.id, id), ratingVisibleSql(userId)));
    return row ? revive([row])[0]! : null;
  },

  /** The ratings of one observation the user may see, oldest first (the order they were made in). */
  async findObservation(db: DbOrTx, userId: number, observation: string): Promise<FullRating[]> {
    const rows = await selectFull(db, userId)
      .where(and(eq(ratings.observation, observation), ratingVisibleSql(userId)))
      .orderBy(ratings.id);
    return revive(rows);
  },

  /** These actions with their skill, and whether the class uses that skill: one statement for any number of them. */
  async actionsInClass(db: DbOrTx, classId: number, actionIds: number[]) {
    if (!actionIds.length) return [];
    return db
      .select({
        id: learningActions.id,
        learningSkillId: learningActions.learningSkillId,
        inClass: sql<boolean>`exists (select 1 from teaching_class_learning_skill u
          where u.teaching_class_id = ${classId} and u.learning_skill_id = "learning_action"."learning_skill_id")`,
      })
      .from(learningActions)
      .where(inArray(learningActions.id, actionIds));
  },

  /** Newest first: by date, then by when it was recorded. */
  async list(db: DbOrTx, userId: number, f: RatingFilter, limit: number, offset: number) {
    const w = where(userId, f);
    const newestFirst = [desc(ratings.date), desc(ratings.id)];
    // The page's ids come from the (class, date) index alone; only those twenty rows are joined and embedded.
    const page = db
      .select({ id: ratings.id })
      .from(ratings)
      .where(w)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    const [rows, [total]] = await Promise.all([
      selectFull(db, userId)
        .where(inArray(ratings.id, page))
        .orderBy(...newestFirst),
      db.select({ n: count() }).from(ratings).where(w),
    ]);
    return { rows: revive(rows), total: total?.n ?? 0 };
  },

  /**
   * A new rating and the places it names, in one statement. Each row written moves its class's feed version (0011):
   * the counter row of that class is held until commit, so writers of one class queue on it, those of others do not.
   */
  async insertWithStudents(db: DbOrTx, values: NewRating, places: { id: number; studentId: number }[]) {
    const rating = db
      .insert(ratings)
      .values({ ...values, isWholeClass: places.length === 0 })
      .returning({ id: ratings.id });
    if (!places.length) return (await rating)[0]!.id;
    const rows = sql.join(
      places.map((p) => sql`(${p.studentId}::int, ${p.id}::int)`),
      sql`, `,
    );
    // The embedded insert comes wrapped in parentheses, as a CTE's body is written.
    const result = (await db.execute(sql`with r as ${rating}
      insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
      select r.id, p.student_id, p.place_id, ${values.date}::date from r, (values ${rows}) as p(student_id, place_id)
      returning rating_id`)) as unknown as { rows: { rating_id: number }[] };
    return result.rows[0]!.rating_id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewRating>) {
    await db
      .update(ratings)
      .set({ ...values, updated: new Date() })
      .where(eq(ratings.id, id));
    if (values.date) await db.update(ratingStudents).set({ date: values.date }).where(eq(ratingStudents.ratingId, id));
  },

  /** Places of a class among these ids, and the places of these Students in it. */
  async placesInClass(db: DbOrTx, classId: number, placeIds: number[], studentIds: number[]) {
    if (!placeIds.length && !studentIds.length) return [];
    return db
      .select({ id: teachingClassStudents.id, studentId: teachingClassStudents.studentId })
      .from(teachingClassStudents)
      .where(
        and(
          eq(teachingClassStudents.teachingClassId, classId),
          or(
            placeIds.length ? inArray(teachingClassStudents.id, placeIds) : undefined,
            studentIds.length ? inArray(teachingClassStudents.studentId, studentIds) : undefined,
          ),
        ),
      );
  },

  /** Replaces the places a rating names, and keeps its whole-class mark in step. */
  async setStudents(db: DbOrTx, ratingId: number, date: string, places: { id: number; studentId: number }[]) {
    await db.delete(ratingStudents).where(eq(ratingStudents.ratingId, ratingId));
    if (places.length)
      await db.insert(ratingStudents).values(places.map((p) => ({ ratingId, studentId: p.studentId, teachingClassStudentId: p.id, date })));
    await db
      .update(ratings)
      .set({ isWholeClass: places.length === 0 })
      .where(eq(ratings.id, ratingId));
  },

  async addStudent(db: DbOrTx, ratingId: number, date: string, place: { id: number; studentId: number }) {
    const [row] = await db
      .insert(ratingStudents)
      .values({ ratingId, studentId: place.studentId, teachingClassStudentId: place.id, date })
      .onConflictDoNothing()
      .returning({ id: ratingStudents.id });
    if (row) await db.update(ratings).set({ isWholeClass: false }).where(eq(ratings.id, ratingId));
    return row?.id ?? null;
  },

  async removeStudent(db: DbOrTx, link: RatingStudentRow) {
    await db.delete(ratingStudents).where(eq(ratingStudents.id, link.id));
    await db.execute(
      sql`update rating set is_whole_class = not exists (select 1 from rating_student s where s.rating_id = ${link.ratingId})
        where id = ${link.ratingId}`,
    );
  },

  async findStudentLink(db: DbOrTx, id: number): Promise<RatingStudentRow | null> {
    const [row] = await db.select().from(ratingStudents).where(eq(ratingStudents.id, id));
    return row ?? null;
  },

  /** Student links of the ratings the user may see. */
  async listStudentLinks(db: DbOrTx, q: RatingLinkQuery) {
    const w = ratingLinksSql(ratingStudents, q);
    return page(
      db.select().from(ratingStudents).where(w).orderBy(ratingStudents.ratingId, ratingStudents.id).limit(q.limit).offset(q.offset),
      countOf(db, ratingStudents, w),
    );
  },

  ...ratingMediaRepository,
};
