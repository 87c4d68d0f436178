import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { COUNTED, rowsOf } from '../../records/growth-figures.sql';

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

export const growthRepository = {
  /**
   * The last day each place of the class was rated (counted ratings, up to today); whole-class ratings count for all.
   * One pass over the class's ratings (its date index, index-only) rather than a join of them per place.
   */
  async lastRated(db: DbOrTx, classId: number, today: string) {
    const res = await db.execute(sql`select p.id as place, greatest(named.last, whole.last)::text as last
      from teaching_class_student p
      left join (select rs.teaching_class_student_id as place, max(r.date) as last
          from rating r join rating_student rs on rs.rating_id = r.id
          where r.teaching_class_id = ${classId} and r.date <= ${today} and ${COUNTED} and not r.is_whole_class
          group by rs.teaching_class_student_id) named on named.place = p.id
      cross join (select max(r.date) as last from rating r
          where r.teaching_class_id = ${classId} and r.is_whole_class and r.date <= ${today} and ${COUNTED}) whole
      where p.teaching_class_id = ${classId}`);
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

  /**
   * The class's teachers (creator first, then co-teachers) and the ratings each gave since a day (teachers' own, not
   * home): one range of the class's date index, counted by author (never a probe of an author's index, whose ratings
   * span every class they teach).
   */
  async teacherCounts(db: DbOrTx, classId: number, since: string, today: string) {
    const res = await db.execute(sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", coalesce(c.n, 0)::int as n
      from (select tc.creator_id as id, 0 as o from teaching_class tc where tc.id = ${classId}
            union select t.teacher_id, 1 from teaching_class_teacher t where t.teaching_class_id = ${classId}) m
      join app_user u on u.id = m.id
      left join (select r.creator_id, count(*) as n from rating r where r.teaching_class_id = ${classId}
          and r.date between ${since} and ${today} and r.source = 'teacher' group by r.creator_id) c on c.creator_id = u.id
      order by m.o, u.last_name, u.first_name, u.id`);
    return rowsOf<{ id: number; firstName: string; lastName: string | null; n: number }>(res).map((r) => ({
      ...r,
      id: Number(r.id),
      n: Number(r.n),
    }));
  },
};
