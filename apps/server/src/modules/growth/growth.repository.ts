import { asc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { learningSkills } from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/**
 * The ratings that count in growth and coverage (DESIGN §12): the teachers' and the home ratings a teacher approved
 * (DESIGN §11). Self-assessments, once they exist, are a source of their own and stay out of every figure here.
 */
const COUNTED = sql`r.source in ('teacher', 'home')`;

/**
 * How many students of the class `classId` (an SQL expression) had no counted rating in the class's last `coverage_days`
 * up to `today` (DESIGN §12, as `coverage` lists them): a whole-class rating in the period covers them all. For class
 * lists (the dashboard), so the browser asks nothing per class; over the (class, date) and place indexes of ratings.
 */
export const notObservedCountSql = (classId: SQL, today: SQL | Placeholder) => sql<number>`(case when exists (
    select 1 from rating r join teaching_class c on c.id = r.teaching_class_id where r.teaching_class_id = ${classId}
      and r.is_whole_class and r.date between ${today}::date - (c.coverage_days - 1) and ${today}::date and ${COUNTED}
  ) then 0 else (
    select count(*) from teaching_class_student p join teaching_class c on c.id = p.teaching_class_id
    where p.teaching_class_id = ${classId} and not exists (
      select 1 from rating_student rs join rating r on r.id = rs.rating_id where rs.teaching_class_student_id = p.id
        and r.teaching_class_id = ${classId} and r.date between ${today}::date - (c.coverage_days - 1) and ${today}::date and ${COUNTED})
  ) end)::int`;

/** The day growth and coverage count up to: today in UTC, as the reports' (the service's and the class list's). */
export const today = () => new Date().toISOString().slice(0, 10);

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
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

export const growthRepository = {
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
   * first), in one statement over the class's ratings.
   */
  async grid(db: DbOrTx, classId: number, end: string, recent: number) {
    const res = await db.execute(sql`select place, skill, n, points from (
        select place, skill, points, count(*) over w as n, row_number() over (w order by date desc, id desc) as k
        from (
          select rs.teaching_class_student_id as place, r.learning_skill_id as skill, r.date, r.id, r.points
            from rating r join rating_student rs on rs.rating_id = r.id
            where r.teaching_class_id = ${classId} and r.date <= ${end} and ${COUNTED} and not r.is_whole_class
          union all
          select p.id, r.learning_skill_id, r.date, r.id, r.points
            from rating r join teaching_class_student p on p.teaching_class_id = r.teaching_class_id
            where r.teaching_class_id = ${classId} and r.date <= ${end} and ${COUNTED} and r.is_whole_class
        ) c
        window w as (partition by place, skill)
      ) ranked where k <= ${recent} order by place, skill, k`);
    return rowsOf<{ place: number; skill: number; n: number; points: number }>(res).map((r) => ({
      place: Number(r.place),
      skill: Number(r.skill),
      n: Number(r.n),
      points: Number(r.points),
    }));
  },

  /** The last day each place of the class was rated (counted ratings, up to today); whole-class ratings count for all. */
  async lastRated(db: DbOrTx, classId: number, today: string) {
    const res = await db.execute(sql`select p.id as place, greatest(
          (select max(r.date) from rating r join rating_student rs on rs.rating_id = r.id
            where rs.teaching_class_student_id = p.id and r.teaching_class_id = ${classId} and r.date <= ${today} and ${COUNTED}),
          (select max(r.date) from rating r
            where r.teaching_class_id = ${classId} and r.is_whole_class and r.date <= ${today} and ${COUNTED})
        )::text as last
      from teaching_class_student p where p.teaching_class_id = ${classId}`);
    return new Map(rowsOf<{ place: number; last: string | null }>(res).map((r) => [Number(r.place), r.last]));
  },

  /** The (place, skill) pairs rated within the class's dates; a whole-class rating covers every place (place null). */
  async ratedPairs(db: DbOrTx, classId: number, start: string, end: string) {
    const res = await db.execute(sql`select distinct rs.teaching_class_student_id as place, r.learning_skill_id as skill
        from rating r join rating_student rs on rs.rating_id = r.id
        where r.teaching_class_id = ${classId} and r.date between ${start} and ${end} and ${COUNTED} and not r.is_whole_class
      union
      select distinct null::int, r.learning_skill_id from rating r
        where r.teaching_class_id = ${classId} and r.date between ${start} and ${end} and ${COUNTED} and r.is_whole_class`);
    return rowsOf<{ place: number | null; skill: number }>(res).map((r) => ({
      place: r.place === null ? null : Number(r.place),
      skill: Number(r.skill),
    }));
  },

  /** The class's teachers (creator first, then co-teachers) and the ratings each gave since a day (teachers' own, not home). */
  async teacherCounts(db: DbOrTx, classId: number, since: string, today: string) {
    const res = await db.execute(sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", (
          select count(*) from rating r where r.teaching_class_id = ${classId} and r.creator_id = u.id
            and r.date between ${since} and ${today} and r.source = 'teacher'
        )::int as n
      from (select tc.creator_id as id, 0 as o from teaching_class tc where tc.id = ${classId}
            union select t.teacher_id, 1 from teaching_class_teacher t where t.teaching_class_id = ${classId}) m
      join app_user u on u.id = m.id
      order by m.o, u.last_name, u.first_name, u.id`);
    return rowsOf<{ id: number; firstName: string; lastName: string | null; n: number }>(res).map((r) => ({
      ...r,
      id: Number(r.id),
      n: Number(r.n),
    }));
  },
};
