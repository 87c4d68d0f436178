import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { learningSkills } from '../db/schema';

/**
 * The ratings that count in growth and coverage (DESIGN §12): the teachers' and the home ratings a teacher approved
 * (DESIGN §11). Self-assessments are a table of their own (`selves` reads them) and stay out of every figure here.
 */
export const COUNTED = sql`r.source in ('teacher', 'home')`;

export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;

/** A student's newest self-assessment on a skill up to a day: shown beside the teachers' stage, never counted in it. */
export interface SelfStanding {
  place: number;
  skill: number;
  id: number;
  points: number;
  /** The day it was made (YYYY-MM-DD). */
  date: string;
}

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

  /**
   * The class grid: per place and skill, how many counted ratings up to a day and the points of the last few (newest
   * first), in one statement over the class's ratings (its date index alone): a row per cell, not per rating.
   */
  async grid(db: DbOrTx, classId: number, end: string, recent: number) {
    const res = await db.execute(sql`select place, skill, count(*)::int as n,
        (array_agg(points order by date desc, id desc))[1:${recent}::int]::int[] as points
      from (
        select rs.teaching_class_student_id as place, r.learning_skill_id as skill, r.date, r.id, r.points
          from rating r join rating_student rs on rs.rating_id = r.id
          where r.teaching_class_id = ${classId} and r.date <= ${end} and ${COUNTED} and not r.is_whole_class
        union all
        select p.id, r.learning_skill_id, r.date, r.id, r.points
          from rating r join teaching_class_student p on p.teaching_class_id = r.teaching_class_id
          where r.teaching_class_id = ${classId} and r.date <= ${end} and ${COUNTED} and r.is_whole_class
      ) c group by place, skill`);
    return rowsOf<{ place: number; skill: number; n: number; points: number[] }>(res).map((r) => ({
      place: Number(r.place),
      skill: Number(r.skill),
      n: Number(r.n),
      // Newest first.
      points: r.points.map(Number),
    }));
  },

  /**
   * The newest self-assessment of each place and skill made up to a day (DESIGN §12), of some places or of a whole
   * class: the student's own view, read from its own table, which the figures above never read.
   */
  async selves(db: DbOrTx, of: { placeIds: number[] } | { classId: number }, end: string): Promise<SelfStanding[]> {
    if ('placeIds' in of && !of.placeIds.length) return [];
    const where = 'placeIds' in of ? sql`teaching_class_student_id in ${ids(of.placeIds)}` : sql`teaching_class_id = ${of.classId}`;
    const res = await db.execute(sql`select distinct on (teaching_class_student_id, learning_skill_id)
        teaching_class_student_id as place, learning_skill_id as skill, id, points, created::date::text as date
      from self_assessment where ${where} and created::date <= ${end}
      order by teaching_class_student_id, learning_skill_id, id desc`);
    return rowsOf<SelfStanding>(res).map((r) => ({
      place: Number(r.place),
      skill: Number(r.skill),
      id: Number(r.id),
      points: Number(r.points),
      date: r.date,
    }));
  },
};
