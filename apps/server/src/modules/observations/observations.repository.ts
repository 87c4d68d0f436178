import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NewRating } from '../ratings/ratings.repository';

/** The SQL of whole observations: set-based writes over the ratings that share one `observation` (DESIGN §14). */

type Place = { id: number; studentId: number };
type Action = { id: number; learningSkillId: number };
const list = (xs: number[]) =>
  sql`(${sql.join(
    xs.map((x) => sql`${x}::int`),
    sql`, `,
  )})`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export const observationsRepository = {
  /** Whether any rating (of any class) has this observation already: a client-chosen id is used once. */
  async exists(db: DbOrTx, observation: string) {
    return rowsOf(await db.execute(sql`select 1 from rating where observation = ${observation}::uuid limit 1`)).length > 0;
  },

  /**
   * One rating per action, all sharing everything else, and the places each names: one statement for the lot. Answers the
   * new ratings' ids in the order of `actions`.
   */
  async insertRatings(db: DbOrTx, shared: Omit<NewRating, 'learningActionId' | 'learningSkillId'>, actions: Action[], places: Place[]) {
    if (!actions.length) return [];
    const values = sql.join(
      actions.map((a, i) => sql`(${i}::int, ${a.id}::int, ${a.learningSkillId}::int)`),
      sql`, `,
    );
    const placeRows = places.length
      ? sql.join(
          places.map((p) => sql`(${p.studentId}::int, ${p.id}::int)`),
          sql`, `,
        )
      : null;
    const students = placeRows
      ? sql`, s as (insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
          select r.id, p.student_id, p.place_id, ${shared.date}::date from r, (values ${placeRows}) as p(student_id, place_id))`
      : sql``;
    const result = await db.execute(sql`with r as (
        insert into rating (teaching_class_id, learning_skill_id, learning_action_id, date, points, description, creator_id,
          observation, is_whole_class)
        select ${shared.teachingClassId}::int, a.skill, a.action, ${shared.date}::date, ${shared.points ?? 1}::smallint,
          ${shared.description ?? null}::text, ${shared.creatorId ?? null}::int, ${shared.observation}::uuid, ${places.length === 0}
        from (values ${values}) as a(n, action, skill) order by a.n
        returning id, learning_action_id)${students}
      select id, learning_action_id from r`);
    const byAction = new Map(rowsOf(result).map((r) => [Number(r.learning_action_id), Number(r.id)]));
    return actions.map((a) => byAction.get(a.id)!);
  },

  /** Date, points, note (and skill, see below) of every rating of the observation; a new date moves their student links' date too. */
  async updateShared(
    db: DbOrTx,
    ratingIds: number[],
    v: { date?: string; points?: number; description?: string | null; learningSkillId?: number | undefined },
  ) {
    if (!ratingIds.length || Object.values(v).every((x) => x === undefined)) return;
    const sets = [
      v.date !== undefined ? sql`date = ${v.date}::date` : null,
      v.points !== undefined ? sql`points = ${v.points}::smallint` : null,
      v.description !== undefined ? sql`description = ${v.description}::text` : null,
      // Only ever ratings of a skill as a whole (the service checks): an action's rating keeps its action's skill.
      v.learningSkillId !== undefined ? sql`learning_skill_id = ${v.learningSkillId}::int` : null,
      sql`updated = now()`,
    ].filter((x) => x !== null);
    await db.execute(sql`update rating set ${sql.join(sets, sql`, `)} where id in ${list(ratingIds)}`);
    if (v.date !== undefined) await db.execute(sql`update rating_student set date = ${v.date}::date where rating_id in ${list(ratingIds)}`);
  },

  /** Replaces the places every rating of the observation names, keeping their whole-class mark in step. */
  async setStudents(db: DbOrTx, ratingIds: number[], date: string, places: Place[]) {
    if (!ratingIds.length) return;
    await db.execute(sql`delete from rating_student where rating_id in ${list(ratingIds)}`);
    if (places.length) {
      const rows = sql.join(
        places.map((p) => sql`(${p.studentId}::int, ${p.id}::int)`),
        sql`, `,
      );
      await db.execute(sql`insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
        select r.id, p.student_id, p.place_id, ${date}::date from unnest(array[${sql.join(
          ratingIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}]) as r(id), (values ${rows}) as p(student_id, place_id)`);
    }
    await db.execute(sql`update rating set is_whole_class = ${places.length === 0} where id in ${list(ratingIds)}`);
  },

  /** Links each of these media to each of these ratings; a link that exists is kept as it is. */
  async attachToAll(db: DbOrTx, ratingIds: number[], mediaIds: number[]) {
    if (!ratingIds.length || !mediaIds.length) return;
    await db.execute(sql`insert into rating_media (rating_id, media_id)
      select r.id, m.id from unnest(array[${sql.join(
        ratingIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}]) as r(id), unnest(array[${sql.join(
        mediaIds.map((id) => sql`${id}::int`),
        sql`, `,
      )}]) as m(id)
      on conflict do nothing`);
  },
};
