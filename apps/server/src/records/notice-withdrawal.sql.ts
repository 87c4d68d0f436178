import { and, eq, inArray, sql } from 'drizzle-orm';
import { EntityType, NotificationType } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';

/**
 * Before ratings go (DESIGN §11: "deleting the rating before it was read removes the notification"): a notice of new
 * evidence pointing at one of them moves to a rating of the same observation that stays; those left with none are
 * withdrawn while unread (read ones keep their words and lead to the child). Notices naming a child go with the
 * child's place by the foreign key's cascade.
 */
export async function withdrawEvidenceNotices(tx: DbOrTx, ratingIds: number[]) {
  if (!ratingIds.length) return;
  const gone = sql.join(
    ratingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update notification n set entity_id = kept.id
    from (
      select r.id as old_id, (select min(o.id) from rating o where o.observation = r.observation and o.id not in (${gone})) as id
      from rating r where r.id in (${gone})
    ) kept
    where n.notification_type = ${NotificationType.NewEvidence} and n.entity_type = ${EntityType.Rating}
      and n.entity_id = kept.old_id and kept.id is not null`);
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.notificationType, NotificationType.NewEvidence),
        eq(notifications.entityType, EntityType.Rating),
        inArray(notifications.entityId, ratingIds),
        eq(notifications.isRead, false),
      ),
    );
}
