import { sql, type SQL } from 'drizzle-orm';
import { EntityType, NotificationType } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';

/**
 * Notices of comments (DESIGN §11, type 11, entity 18) about the comments `which` selects (`rating_comment rc`), before
 * those go with their rating or their author. Those tied to a child's place go with the place by the foreign key.
 */
async function deleteCommentNotices(tx: DbOrTx, which: SQL) {
  await tx.execute(sql`delete from notification where notification_type = ${NotificationType.RatingComment}
    and entity_type = ${EntityType.RatingComment} and entity_id in (select rc.id from rating_comment rc where ${which})`);
}

export const deleteCommentNoticesOfRatings = (tx: DbOrTx, ratingIds: number[]) =>
  ratingIds.length
    ? deleteCommentNotices(
        tx,
        sql`rc.rating_id in (${sql.join(
          ratingIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : Promise.resolve();

export const deleteCommentNoticesOfAuthor = (tx: DbOrTx, userId: number) => deleteCommentNotices(tx, sql`rc.author_id = ${userId}`);
