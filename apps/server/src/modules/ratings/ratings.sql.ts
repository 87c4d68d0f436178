import { and, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/page';
import { jsonOf } from '../../db/json';
import { media, ratingMedias } from '../../db/schema';
import { linkedRatingSql } from '../../records/linked-access.sql';
import { visibleClassIdsSql } from '../../class-access/class-roles';

/*
 * Who sees a rating (DESIGN §2), about the unaliased "rating" of the surrounding query, written once for lists,
 * single reads, reports and media access. The linked-user branch is records/linked-access.sql.ts (links are per
 * class): changing how a user is linked to a student changes it there only.
 */

/** The class's creator, co-teachers and evaluators see all its ratings. */
export const classMemberSql = (userId: number) => sql<boolean>`("rating"."teaching_class_id" in ${visibleClassIdsSql(userId)})`;

/** A linked user sees the ratings naming their student in a class where they are linked, and its whole-class ratings. */
export const ratingVisibleSql = (userId: number) => sql<boolean>`(${classMemberSql(userId)} or ${linkedRatingSql(userId)})`;

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
