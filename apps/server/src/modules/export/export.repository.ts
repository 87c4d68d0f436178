import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  learningActions,
  learningSkills,
  media,
  ratings,
  schools,
  students,
  teachingClasses,
  teachingClassStudents,
  users,
} from '../../db/schema';
import { ratingMediasSql, ratingVisibleSql, type RatingMediaJson } from '../ratings/ratings.sql';
import { classRoleSql } from '../../class-access/class-roles';
import { ratingCommentVisibleSql } from '../../class-access/visibility.sql';
import { reportsRepository } from '../reports/reports.repository';
import { withRatingNames } from '../reports/report-ratings.repository';
import { linkedPlaceIdsSql } from '../../records/linked-access.sql';

export type MediaRow = typeof media.$inferSelect;
export type PlaceRow = typeof teachingClassStudents.$inferSelect;
export type ClassRow = typeof teachingClasses.$inferSelect;

/** One rating as an export writes it: names resolved, attachments with their media rows. */
export interface ExportRating {
  id: number;
  date: string;
  points: number;
  description: string | null;
  isWholeClass: boolean;
  classId: number;
  className: string;
  skill: { id: number; name: string; translationKey: string | null };
  /** Null for a rating of the skill as a whole (DESIGN §14). */
  action: { id: number; name: string; translationKey: string | null } | null;
  author: { firstName: string; lastName: string } | null;
  /** The places it names (only filled for a class export: a family's export never names other children). */
  students: { id: number; firstName: string; lastName: string | null }[];
  medias: RatingMediaJson[];
  /** The comments on it the exporter may see (DESIGN §11: part of the child's record), oldest first. */
  comments: { author: string; text: string; created: string; isHidden: boolean }[];
}

export interface RatingScope {
  classIds: number[];
  /** Only the ratings naming this Student, and the whole-class ratings of the classes. */
  studentId?: number;
  /** Whether to name the students of each rating (teachers' class export). */
  withStudents: boolean;
  userId: number;
}

const namedPlacesSql = sql<
  ExportRating['students']
>`coalesce((select json_agg(json_build_object('id', ep.id, 'firstName', ep.first_name, 'lastName', ep.last_name) order by ers.id)
  from rating_student ers join teaching_class_student ep on ep.id = ers.teaching_class_student_id where ers.rating_id = "rating"."id"), '[]')`;

/** The comments on the unaliased "rating" the user may see (class-access/visibility.sql.ts), as JSON. */
const commentsSql = (userId: number) => sql<
  ExportRating['comments']
>`coalesce((select json_agg(json_build_object('author', concat_ws(' ', ecu.first_name, ecu.last_name), 'text', rating_comment.text,
    'created', rating_comment.created, 'isHidden', rating_comment.is_hidden) order by rating_comment.id)
  from rating_comment join app_user ecu on ecu.id = rating_comment.author_id
  where rating_comment.rating_id = "rating"."id" and ${ratingCommentVisibleSql(userId)}), '[]')`;

export const exportRepository = {
  /**
   * Every place of a Student with the user's role in its class and whether the user holds a family link to that
   * place (DESIGN §2: a link is to one class, so only those classes are a linked user's).
   */
  placesOfStudent: (db: DbOrTx, studentId: number, userId: number) =>
    db
      .select({
        place: teachingClassStudents,
        cls: teachingClasses,
        role: classRoleSql(userId),
        linked: sql<boolean>`("teaching_class_student"."id" in ${linkedPlaceIdsSql(userId)})`,
        school: { id: schools.id, name: schools.name },
      })
      .from(teachingClassStudents)
      .innerJoin(teachingClasses, eq(teachingClasses.id, teachingClassStudents.teachingClassId))
      .leftJoin(schools, eq(schools.id, teachingClasses.schoolId))
      .where(eq(teachingClassStudents.studentId, studentId))
      .orderBy(asc(teachingClasses.start), asc(teachingClasses.id)),

  /** The class with the user's role and its school, as a report reads it. */
  classWithRole: reportsRepository.classWithRole,

  placesOfClass: (db: DbOrTx, classId: number) =>
    db
      .select()
      .from(teachingClassStudents)
      .where(eq(teachingClassStudents.teachingClassId, classId))
      .orderBy(asc(teachingClassStudents.firstName), asc(teachingClassStudents.lastName), asc(teachingClassStudents.id)),

  /** The conversations of these places (DESIGN §11: messages are part of the child's record), oldest message first. */
  async messagesOfPlaces(db: DbOrTx, placeIds: number[]) {
    if (!placeIds.length) return [];
    const res = await db.execute(sql`select c.teaching_class_id as "classId", m.id, m.created, m.text, m.by_teacher as "byTeacher",
        (select coalesce(json_agg(mm.media_id order by mm.id), '[]') from message_media mm where mm.message_id = m.id) as "mediaIds",
        m.is_announcement as "isAnnouncement", au.first_name as "firstName", au.last_name as "lastName",
        (select coalesce(json_agg(json_build_object('firstName', ru.first_name, 'lastName', ru.last_name, 'readAt', r.read_at)
          order by r.read_at), '[]') from message_read r join app_user ru on ru.id = r.user_id where r.message_id = m.id) as "readBy"
      from conversation c join message m on m.conversation_id = c.id left join app_user au on au.id = m.author_id
      where c.teaching_class_student_id in (${sql.join(
        placeIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.teaching_class_id, m.id`);
    return (res as unknown as { rows: MessageExportRow[] }).rows;
  },

  student: async (db: DbOrTx, studentId: number) => (await db.select().from(students).where(eq(students.id, studentId)))[0] ?? null,

  mediaByIds: (db: DbOrTx, ids: number[]) =>
    ids.length ? db.select().from(media).where(inArray(media.id, ids)).orderBy(asc(media.id)) : Promise.resolve([]),

  /**
   * One page of ratings in (date, id) order after `after`, each visible to the user by the one rule that says who
   * sees a rating (ratings.sql), so a page never holds more than `limit` ratings whatever the record's size.
   */
  async ratingsPage(db: DbOrTx, scope: RatingScope, after: { date: string; id: number } | null, limit: number): Promise<ExportRating[]> {
    const student = scope.studentId
      ? sql`and ("rating"."is_whole_class" or exists (select 1 from rating_student esr where esr.rating_id = "rating"."id" and esr.student_id = ${scope.studentId}))`
      : sql``;
    const from = after ? sql`and ("rating"."date", "rating"."id") > (${after.date}::date, ${after.id})` : sql``;
    const rows = await withRatingNames(
      db
        .select({
          id: ratings.id,
          date: ratings.date,
          points: ratings.points,
          description: ratings.description,
          isWholeClass: ratings.isWholeClass,
          classId: ratings.teachingClassId,
          className: teachingClasses.name,
          skill: { id: learningSkills.id, name: learningSkills.name, translationKey: learningSkills.translationKey },
          action: { id: learningActions.id, name: learningActions.name, translationKey: learningActions.translationKey },
          authorFirst: users.firstName,
          authorLast: users.lastName,
          students: scope.withStudents ? namedPlacesSql : sql<ExportRating['students']>`'[]'::json`,
          medias: ratingMediasSql,
          comments: commentsSql(scope.userId),
        })
        .from(ratings)
        .$dynamic(),
    )
      .where(and(inArray(ratings.teachingClassId, scope.classIds), sql`${ratingVisibleSql(scope.userId)} ${student} ${from}`))
      .orderBy(asc(ratings.date), asc(ratings.id))
      .limit(limit);
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return rows.map(({ authorFirst, authorLast, ...r }) => ({
      ...r,
      author: authorFirst === null ? null : { firstName: authorFirst, lastName: authorLast ?? '' },
      students: json(r.students),
      medias: json(r.medias),
      comments: json(r.comments).map((c) => ({ ...c, created: new Date(c.created).toISOString() })),
    }));
  },

  /**
   * Who in a class has anything in their record: the students named by any of its ratings, and whether it has a
   * whole-class rating (which is in everyone's). Any other student's record, report and portfolio are empty, and a
   * class export writes them without reading anything more.
   */
  async ratedInClass(db: DbOrTx, classId: number): Promise<{ named: Set<number>; whole: boolean }> {
    const res = await db.execute(sql`select
      (select coalesce(json_agg(distinct rs.student_id), '[]') from rating r join rating_student rs on rs.rating_id = r.id
        where r.teaching_class_id = ${classId}) named,
      exists (select 1 from rating r where r.teaching_class_id = ${classId} and r.is_whole_class) whole`);
    const row = (res as unknown as { rows: { named: number[] | string; whole: boolean }[] }).rows[0]!;
    const named = typeof row.named === 'string' ? (JSON.parse(row.named) as number[]) : row.named;
    return { named: new Set(named), whole: row.whole };
  },
};

export interface MessageExportRow {
  classId: number;
  id: number;
  mediaIds: number[];
  created: string | Date;
  text: string;
  byTeacher: boolean;
  isAnnouncement: boolean;
  firstName: string | null;
  lastName: string | null;
  readBy: { firstName: string; lastName: string; readAt: string }[];
}
