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

/**
 * The parameter naming the home observation a notice announces (types 12 and 13 of a rejection, DESIGN §11). Their
 * entity is the class, as the product's API numbers them; this names which observation of the class it was. No text
 * shows it, and the answer does not carry params.
 */
export const HOME_OBSERVATION_PARAM = 'homeObservation';

/**
 * A home observation withdrawn by its family (DESIGN §11): the notices announcing it (to the teachers, type 12) or its
 * rejection (to the family, type 13) go while unread; read ones keep their words.
 */
export async function withdrawHomeObservationNotices(tx: DbOrTx, classId: number, homeObservationId: number) {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.entityType, EntityType.TeachingClass),
        eq(notifications.entityId, classId),
        inArray(notifications.notificationType, [NotificationType.HomeObservationWaiting, NotificationType.HomeObservationApproved]),
        sql`${notifications.params} ->> ${HOME_OBSERVATION_PARAM} = ${String(homeObservationId)}`,
        eq(notifications.isRead, false),
      ),
    );
}
