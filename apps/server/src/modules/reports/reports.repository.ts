import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonOf, reviverOf } from '../../db/json';
import { learningActions, learningSkills, media, schools, teachingClasses, teachingClassStudents } from '../../db/schema';
import { linkedPlaceIdsSql } from '../../records/linked-access.sql';
import { classRoleSql } from '../../class-access/class-roles';

type MediaRow = typeof media.$inferSelect;

/** Counts and points of one group of ratings. */
export interface Figures {
  n: number;
  p: number;
}

/** What one report is made of, aggregated by PostgreSQL in one statement over the ratings of a date range. */
export interface ReportRows {
  totals: Figures & { whole: number; named: number; home: number };
  /** Per skill and action; `a` is null for the skill's ratings of the skill as a whole. */
  actions: (Figures & { s: number; a: number | null })[];
  weeks: (Figures & { w: string })[];
  /** Per place and skill: ratings naming the place. */
  named: (Figures & { place: number; s: number; h: number })[];
  /** Per class and skill: whole-class ratings (they count for every place of the class). */
  whole: (Figures & { c: number; s: number })[];
  media: { rating: number; date: string; s: number; whole: boolean; media: MediaRow }[];
}

export interface ReportScope {
  classIds: number[];
  start: string;
  end: string;
  /** A student report: only the ratings naming this Student, and the whole-class ratings of the classes. */
  studentId?: number;
  recentMedia: number;
}

const reviveMedia = reviverOf<MediaRow>(media);
const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  )})`;

export const reportsRepository = {
  /**
   * The figures of a report. The ratings come from the (class, date) index only, so the cost follows the range
   * and the classes, never the size of the table; everything else is grouped from that small set.
   */
  async figures(db: DbOrTx, scope: ReportScope): Promise<ReportRows> {
    const student = scope.studentId
      ? sql`and (r0.is_whole_class or exists (select 1 from rating_student sr where sr.rating_id = r0.id and sr.student_id = ${scope.studentId}))`
      : sql``;
    const namedOnly = scope.studentId ? sql`and rs.student_id = ${scope.studentId}` : sql``;
    const result = await db.execute(sql`with r as materialized (
        select r0.id, r0.teaching_class_id, r0.learning_skill_id, r0.learning_action_id, r0.date, r0.points, r0.is_whole_class, r0.source
        from rating r0
        where r0.teaching_class_id in ${ids(scope.classIds)} and r0.date between ${scope.start} and ${scope.end} ${student}
      ), n as materialized (
        select rs.teaching_class_student_id place, r.learning_skill_id s, r.points, r.source = 'home' home
        from r join rating_student rs on rs.rating_id = r.id where true ${namedOnly}
      )
      select json_build_object(
        'totals', (select json_build_object('n', count(*), 'p', coalesce(sum(points), 0), 'whole', count(*) filter (where is_whole_class),
          'home', count(*) filter (where source = 'home'),
          'named', (select count(distinct place) from n)) from r),
        'actions', (select coalesce(json_agg(x), '[]') from (select learning_skill_id s, learning_action_id a, count(*) n, sum(points) p from r group by 1, 2) x),
        'weeks', (select coalesce(json_agg(x order by x.w), '[]') from (select to_char(date_trunc('week', date), 'YYYY-MM-DD') w, count(*) n, sum(points) p from r group by 1) x),
        'named', (select coalesce(json_agg(x), '[]')
          from (select place, s, count(*) n, sum(points) p, count(*) filter (where home) h from n group by 1, 2) x),
        'whole', (select coalesce(json_agg(x), '[]') from (select teaching_class_id c, learning_skill_id s, count(*) n, sum(points) p from r where is_whole_class group by 1, 2) x),
        -- Attachments found from the range's ratings, one index probe each (the offset 0 fences keep the planner from
        -- walking all of rating_media or media instead, which it estimates wrongly once those tables are large). A file
        -- linked to several ratings of one observation (DESIGN §7) is listed once, with the newest of them.
        'media', (select coalesce(json_agg(x), '[]') from (select rating, date, s, whole, media from (
          select distinct on (a.media_id) r.id rating, to_char(r.date, 'YYYY-MM-DD') date, r.learning_skill_id s, r.is_whole_class whole,
            ${jsonOf(media, 'm')} media, r.date d, a.link
          from r
          cross join lateral (select rm.id link, rm.media_id from rating_media rm where rm.rating_id = r.id offset 0) a
          cross join lateral (select * from media mm where mm.id = a.media_id offset 0) m
          order by a.media_id, r.date desc, r.id desc, a.link) u
          order by u.d desc, u.rating desc, u.link limit ${scope.recentMedia}) x)
      ) as report`);
    const rows = ((result as unknown as { rows: { report: ReportRows | string }[] }).rows ?? []) as { report: ReportRows | string }[];
    const raw = rows[0]!.report;
    const report = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ReportRows;
    for (const m of report.media) reviveMedia(m.media);
    return report;
  },

  /** The class with the user's role and its school. */
  async classWithRole(db: DbOrTx, classId: number, userId: number) {
    const [row] = await db
      .select({ cls: teachingClasses, role: classRoleSql(userId), school: { id: schools.id, name: schools.name } })
      .from(teachingClasses)
      .leftJoin(schools, eq(schools.id, teachingClasses.schoolId))
      .where(eq(teachingClasses.id, classId));
    return row ?? null;
  },

  /**
   * A Student's places in the classes the user may see for them: every class where the user has a role, and each
   * place the user is linked to (DESIGN §2: a link is to one class).
   */
  async placesOfStudent(db: DbOrTx, studentId: number, userId: number) {
    return db
      .select({
        place: teachingClassStudents,
        cls: teachingClasses,
        role: classRoleSql(userId),
        school: { id: schools.id, name: schools.name },
      })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .leftJoin(schools, eq(schools.id, teachingClasses.schoolId))
      .where(
        and(
          eq(teachingClassStudents.studentId, studentId),
          sql`(${classRoleSql(userId)} is not null or "teaching_class_student"."id" in ${linkedPlaceIdsSql(userId)})`,
        ),
      )
      .orderBy(asc(teachingClasses.start), asc(teachingClasses.id));
  },

  placesOfClass: (db: DbOrTx, classId: number) =>
    db
      .select()
      .from(teachingClassStudents)
      .where(eq(teachingClassStudents.teachingClassId, classId))
      .orderBy(asc(teachingClassStudents.firstName), asc(teachingClassStudents.lastName), asc(teachingClassStudents.id)),

  /** Skills (with icon) and their actions: those the classes use and those rated. */
  async skills(db: DbOrTx, classIds: number[], ratedSkillIds: number[]) {
    const skillRows = await db
      .select({ skill: learningSkills, icon: media })
      .from(learningSkills)
      .leftJoin(media, eq(media.id, learningSkills.avatarId))
      .where(
        sql`${learningSkills.id} in (select tls.learning_skill_id from teaching_class_learning_skill tls where tls.teaching_class_id in ${ids(classIds)})
          ${ratedSkillIds.length ? sql`or ${learningSkills.id} in ${ids(ratedSkillIds)}` : sql``}`,
      )
      .orderBy(asc(learningSkills.id));
    const actions = skillRows.length
      ? await db
          .select()
          .from(learningActions)
          .where(
            inArray(
              learningActions.learningSkillId,
              skillRows.map((s) => s.skill.id),
            ),
          )
          .orderBy(asc(learningActions.learningSkillId), asc(learningActions.position), asc(learningActions.id))
      : [];
    return { skillRows, actions };
  },
};
