import { and, asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { learningActions, learningSkills, ratings, teachingClasses, users, type StoredStage } from '../../db/schema';
import { withRatingNames, type RatingLine } from './report-ratings.repository';
import { ratingMediasSql, ratingVisibleSql, type RatingMediaJson } from '../ratings/ratings.sql';

/** One rating as a portfolio prints it: names resolved, its attachments with their media rows. */
export interface PortfolioRating extends RatingLine {
  /** With its stages, which name the stage of the rating's points (DESIGN §12). */
  skill: { id: number; name: string; translationKey: string | null; colorCode: string; stages: StoredStage[] };
  /** Null for a rating of the skill as a whole. */
  action: { name: string; translationKey: string | null } | null;
  author: { firstName: string; lastName: string | null } | null;
  medias: RatingMediaJson[];
}

export interface PortfolioScope {
  classIds: number[];
  /** The ratings naming this Student and the whole-class ratings of the classes (never other children's names). */
  studentId: number;
  start: string;
  end: string;
  /** Who reads: each rating is also checked against the one rule that says who sees a rating (ratings.sql). */
  userId: number;
}

export const reportPortfolioRepository = {
  /** One page of a student's ratings of the range in (date, id) order after `after`: a year is read in small pages. */
  async page(db: DbOrTx, scope: PortfolioScope, after: { date: string; id: number } | null, limit: number): Promise<PortfolioRating[]> {
    const from = after ? sql`and ("rating"."date", "rating"."id") > (${after.date}::date, ${after.id})` : sql``;
    const rows = await withRatingNames(
      db
        .select({
          id: ratings.id,
          date: sql<string>`to_char("rating"."date", 'YYYY-MM-DD')`,
          points: ratings.points,
          description: ratings.description,
          isWholeClass: ratings.isWholeClass,
          source: ratings.source,
          className: teachingClasses.name,
          skill: {
            id: learningSkills.id,
            name: learningSkills.name,
            translationKey: learningSkills.translationKey,
            colorCode: learningSkills.colorCode,
            stages: learningSkills.stages,
          },
          action: { name: learningActions.name, translationKey: learningActions.translationKey },
          authorFirst: users.firstName,
          authorLast: users.lastName,
          medias: ratingMediasSql,
        })
        .from(ratings)
        .$dynamic(),
    )
      .where(
        and(
          inArray(ratings.teachingClassId, scope.classIds),
          sql`"rating"."date" between ${scope.start} and ${scope.end}
            and ("rating"."is_whole_class" or exists (select 1 from rating_student psr
              where psr.rating_id = "rating"."id" and psr.student_id = ${scope.studentId}))
            and ${ratingVisibleSql(scope.userId)} ${from}`,
        ),
      )
      .orderBy(asc(ratings.date), asc(ratings.id))
      .limit(limit);
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    return rows.map(({ authorFirst, authorLast, ...r }) => ({
      ...r,
      author: authorFirst === null ? null : { firstName: authorFirst, lastName: authorLast },
      medias: json(r.medias),
    }));
  },
};
