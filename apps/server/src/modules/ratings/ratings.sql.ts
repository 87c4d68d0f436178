import { and, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/page';
import { jsonOf } from '../../db/json';
import { media, ratingMedias } from '../../db/schema';
import { ratingVisibleSql } from '../../class-access/visibility.sql';

/*
 * The SQL pieces of rating queries. Who sees a rating (DESIGN §2) is class-access/visibility.sql.ts, shared with
 * media access and re-exported here for the rating queries of ratings, reports and export.
 */
export { ratingVisibleSql };

/** The places a rating names, in the order they were added. */
export const ratingPlacesSql = sql<
  number[]
>`coalesce((select array_agg(ps.teaching_class_student_id order by ps.id) from rating_student ps where ps.rating_id = "rating"."id"), '{}')`;

export interface RatingMediaJson {
  link: typeof ratingMedias.$inferSelect;
  media: typeof media.$inferSelect;
}

/** The rating's attachments with their media rows, in the order they were attached. */
export const ratingMediasSql = sql<
  RatingMediaJson[]
>`coalesce((select json_agg(json_build_object('link', ${jsonOf(ratingMedias, 'rml')}, 'media', ${jsonOf(media, 'rmm')}) order by rml.id)
  from rating_media rml join media rmm on rmm.id = rml.media_id where rml.rating_id = "rating"."id"), '[]')`;

/** A page of a rating link table (`rating_student`, `rating_media`): of some ratings or with some ids, or all. */
export interface RatingLinkQuery {
  userId: number;
  ratingIds?: number[] | undefined;
  ids?: number[] | undefined;
  limit: number;
  offset: number;
}

/** The rows of a rating link table the user may see (through a rating they see), as their paginated lists filter them. */
export const ratingLinksSql = (link: { id: AnyPgColumn; ratingId: AnyPgColumn }, q: RatingLinkQuery) =>
  and(
    sql`${link.ratingId} in (select "rating"."id" from rating where ${ratingVisibleSql(q.userId)})`,
    anyOf(link.ratingId, q.ratingIds),
    anyOf(link.id, q.ids),
  );
