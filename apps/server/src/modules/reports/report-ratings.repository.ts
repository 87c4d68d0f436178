import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { learningActions, learningSkills, ratings, teachingClasses, users, type StoredStage } from '../../db/schema';

/** A rating as the reports, portfolios and exports list it: its own fields and its class's name. */
export interface RatingLine {
  id: number;
  date: string;
  points: number;
  description: string | null;
  isWholeClass: boolean;
  className: string;
  /** 'home': a family's home observation a teacher approved (DESIGN §11), marked "At home". */
  source: 'teacher' | 'home';
}

/**
 * A select of ratings joined to the names they are listed with (class, skill, action if any, and the author, absent when
 * their account was deleted): `db.select({...}).from(ratings).$dynamic()` in, the joined select out.
 */
export const withRatingNames = <Q extends PgSelect>(q: Q) =>
  q
    .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
    .innerJoin(learningSkills, eq(learningSkills.id, ratings.learningSkillId))
    // Left: a rating of a skill as a whole names no action (DESIGN §14); its `action` is null.
    .leftJoin(learningActions, eq(learningActions.id, ratings.learningActionId))
    .leftJoin(users, eq(users.id, ratings.creatorId));

/** One rating of a report's range as the spreadsheet's "Ratings" sheet lists it (DESIGN §9): names resolved. */
export interface ReportRatingRow extends RatingLine {
  /** With its stages, which name the stage of the rating's points (DESIGN §12). */
  skill: { name: string; translationKey: string | null; stages: StoredStage[] };
  /** Null for a rating of the skill as a whole. */
  action: { name: string; translationKey: string | null } | null;
  /** Null when the author deleted their account ("Former member", DESIGN §6). */
  author: { firstName: string; lastName: string } | null;
  /** The places it names; empty for a student's report, which never names other children (DESIGN §6). */
  students: { firstName: string; lastName: string | null }[];
  /** The attachments' file names, in the order they were attached. */
  files: string[];
}

export interface RatingListScope {
  classIds: number[];
  start: string;
  end: string;
  /** A student report: only the ratings naming this Student, and the whole-class ratings of the classes. */
  studentId?: number;
}

const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  )})`;

export const reportRatingsRepository = {
  /**
   * Every rating of the range in date order, from the (class, date) index like the report's figures; the names and
   * files of each come from one index probe per rating, aggregated by PostgreSQL in the same statement.
   */
  async list(db: DbOrTx, scope: RatingListScope): Promise<ReportRatingRow[]> {
    if (!scope.classIds.length) return [];
    const student = scope.studentId
      ? sql`and (r.is_whole_class
          or exists (select 1 from rating_student sr where sr.rating_id = r.id and sr.student_id = ${scope.studentId}))`
      : sql``;
    const named = scope.studentId
      ? sql`'[]'::json`
      : sql`coalesce((select json_agg(json_build_object('firstName', p.first_name, 'lastName', p.last_name)
            order by p.first_name, p.last_name, p.id)
          from rating_student rs join teaching_class_student p on p.id = rs.teaching_class_student_id where rs.rating_id = r.id), '[]')`;
    const result = await db.execute(sql`select r.id, to_char(r.date, 'YYYY-MM-DD') date, r.points, r.description,
        r.is_whole_class "isWholeClass", c.name "className", r.source,
        json_build_object('name', s.name, 'translationKey', s.translation_key, 'stages', s.stages) skill,
        case when a.id is null then null else json_build_object('name', a.name, 'translationKey', a.translation_key) end action,
        case when u.id is null then null else json_build_object('firstName', u.first_name, 'lastName', u.last_name) end author,
        ${named} students,
        coalesce((select json_agg(m.file_original_name order by rm.id)
          from rating_media rm join media m on m.id = rm.media_id where rm.rating_id = r.id), '[]') files
      from rating r
      join teaching_class c on c.id = r.teaching_class_id
      join learning_skill s on s.id = r.learning_skill_id
      left join learning_action a on a.id = r.learning_action_id
      left join app_user u on u.id = r.creator_id
      where r.teaching_class_id in ${ids(scope.classIds)} and r.date between ${scope.start} and ${scope.end} ${student}
      order by r.date, r.id`);
    const rows = ((result as unknown as { rows: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
    // PGlite hands json columns back parsed, node-postgres too; a driver that gives text is read the same way.
    const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
    return rows.map((r) => ({
      id: Number(r.id),
      date: String(r.date),
      points: Number(r.points),
      description: (r.description as string | null) ?? null,
      isWholeClass: Boolean(r.isWholeClass),
      className: String(r.className),
      source: r.source === 'home' ? ('home' as const) : ('teacher' as const),
      skill: json(r.skill),
      action: json(r.action),
      author: json(r.author),
      students: json(r.students),
      files: json(r.files),
    }));
  },
};
