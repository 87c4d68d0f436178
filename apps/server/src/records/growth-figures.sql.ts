import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { learningSkills } from '../db/schema';

/**
 * The ratings that count in growth and coverage (DESIGN §12): the teachers' and the home ratings a teacher approved
 * (DESIGN §11). Self-assessments, once they exist, are a source of their own and stay out of every figure here.
 */
export const COUNTED = sql`r.source in ('teacher', 'home')`;

export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;

export interface CountedRating {
  place: number;
  skill: number;
  date: string;
  id: number;
  points: number;
}

/** What growth reads of places (the growth answers, and the reports' growth sections and sheets). */
export const growthFiguresSql = {
  /** The skills of some classes and those rated in them (a skill removed from a class keeps its ratings), by id. */
  skills: (db: DbOrTx, classIds: number[], rated: number[]) =>
    db
      .select({
        id: learningSkills.id,
        name: learningSkills.name,
        translationKey: learningSkills.translationKey,
        colorCode: learningSkills.colorCode,
        stages: learningSkills.stages,
      })
      .from(learningSkills)
      .where(
        sql`${learningSkills.id} in (select tls.learning_skill_id from teaching_class_learning_skill tls
          where tls.teaching_class_id in ${ids(classIds)}) ${rated.length ? sql`or ${learningSkills.id} in ${ids(rated)}` : sql``}`,
      )
      .orderBy(asc(learningSkills.id)),

  /** Every counted rating of some places up to a day, oldest first: a student's growth is read from them. */
  async ratingsOfPlaces(db: DbOrTx, classIds: number[], placeIds: number[], end: string): Promise<CountedRating[]> {
    if (!placeIds.length) return [];
    const res = await db.execute(sql`select place, skill, date::text as date, id, points from (
        select rs.teaching_class_student_id as place, r.learning_skill_id as skill, r.date, r.id, r.points
          from rating r join rating_student rs on rs.rating_id = r.id
          where rs.teaching_class_student_id in ${ids(placeIds)} and r.date <= ${end} and ${COUNTED}
        union all
        select p.id, r.learning_skill_id, r.date, r.id, r.points
          from rating r join teaching_class_student p on p.teaching_class_id = r.teaching_class_id
          where r.teaching_class_id in ${ids(classIds)} and p.id in ${ids(placeIds)} and r.date <= ${end} and ${COUNTED}
            and r.is_whole_class
      ) c order by date, id`);
    return rowsOf<CountedRating>(res).map((r) => ({
      ...r,
      place: Number(r.place),
      skill: Number(r.skill),
      id: Number(r.id),
      points: Number(r.points),
    }));
  },
};
