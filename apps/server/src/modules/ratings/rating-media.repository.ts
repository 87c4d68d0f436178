import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { media, ratingMedias, ratings } from '../../db/schema';
import { type RatingLinkQuery, ratingLinksSql } from './ratings.sql';

/** The attachments of ratings (`rating_media`): one media may be linked to each rating of its observation (DESIGN §7). */
export const ratingMediaRepository = {
  async findMediaLink(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ link: ratingMedias, media })
      .from(ratingMedias)
      .innerJoin(media, eq(media.id, ratingMedias.mediaId))
      .where(eq(ratingMedias.id, id));
    return row ?? null;
  },

  async listMediaLinks(db: DbOrTx, q: RatingLinkQuery) {
    const w = ratingLinksSql(ratingMedias, q);
    return page(
      db
        .select({ link: ratingMedias, media })
        .from(ratingMedias)
        .innerJoin(media, eq(media.id, ratingMedias.mediaId))
        .where(w)
        .orderBy(ratingMedias.ratingId, ratingMedias.id)
        .limit(q.limit)
        .offset(q.offset),
      countOf(db, ratingMedias, w),
    );
  },

  /** Attaches media; a link this rating has already is kept as it is (answers the ids of new links only). */
  async attach(db: DbOrTx, ratingId: number, mediaIds: number[]) {
    if (!mediaIds.length) return [];
    const rows = await db
      .insert(ratingMedias)
      .values(mediaIds.map((mediaId) => ({ ratingId, mediaId })))
      .onConflictDoNothing()
      .returning({ id: ratingMedias.id });
    return rows.map((r) => r.id);
  },

  /** Locks media rows (id order, as erasure does) while their links are checked and written. */
  async lockMedia(db: DbOrTx, mediaIds: number[]) {
    if (!mediaIds.length) return;
    await db.select({ id: media.id }).from(media).where(inArray(media.id, mediaIds)).orderBy(media.id).for('update');
  },

  /** The ratings these media are linked to, with their observation (a media stays with one observation). */
  async mediaLinks(db: DbOrTx, mediaIds: number[]) {
    if (!mediaIds.length) return [];
    return db
      .select({
        mediaId: ratingMedias.mediaId,
        ratingId: ratingMedias.ratingId,
        observation: ratings.observation,
      })
      .from(ratingMedias)
      .innerJoin(ratings, eq(ratings.id, ratingMedias.ratingId))
      .where(inArray(ratingMedias.mediaId, mediaIds));
  },
};
