import {
  DEFAULT_LOCALE,
  type EntityType,
  type NotificationType,
  type notificationListQuery,
  type ListQueryOutput,
} from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { authorized } from '../../class-access/access-rules';
import { offsetOf } from '../../http/hydra';
import type { Principal } from '../../plugins/auth';
import { translator } from '../translations/translations.service';
import { NOTIFICATION_CHANNEL, busMessageOf } from './notification-bus';
import { presentNotification } from './notifications.presenter';
import { notificationsRepository as repo, type NotificationRow } from './notifications.repository';

type ListQuery = ListQueryOutput<typeof notificationListQuery>;

/** The text keys of each notification type, under `notification.<key>.title|message` in the locale files. */
const TEXT_KEY: Record<NotificationType, string> = {
  2: 'teacher_created',
  3: 'teacher_removed',
  4: 'teacher_invitation_received',
  5: 'teacher_invitation_accepted',
  6: 'student_profile_user_invitation_received',
  7: 'student_profile_user_invitation_accepted',
  8: 'class_owned',
  9: 'retention_due',
  10: 'new_evidence',
  11: 'rating_comment',
  12: 'home_observation_waiting',
  13: 'home_observation_approved',
  14: 'message',
  15: 'student_link_ended',
};

/** One event of the DESIGN §3 table, for some recipients. */
export interface NotificationEvent {
  recipients: number[];
  notificationType: NotificationType;
  entityType: EntityType;
  entityId: number;
  /** Values of the text's placeholders (names of people, classes, students). */
  params: Record<string, string>;
  /** The screen a click opens (spec §2), relative to /web; null for none. */
  path: string | null;
  /** The child's place the notice names, when it names one (it goes with the place's erasure). */
  placeId?: number;
  /** Another text of the same type (a class announcement is a message, worded as one). */
  textKey?: string;
}

/** A notification the user may reach: their own; anyone else's does not exist for them. */
async function own(db: DbOrTx, p: Principal, id: number) {
  return authorized(p, 'notification.read', await repo.findById(db, id), (n) => ({ ownerId: n.userId }));
}

export const notificationsService = {
  /**
   * Writes the notifications of an event in the caller's transaction, each titled and worded in its recipient's
   * preferred language now, and announces them on the bus: the announcement leaves when the transaction commits,
   * so a rolled-back event notifies no one.
   */
  async notify(tx: DbOrTx, e: NotificationEvent): Promise<NotificationRow[]> {
    const recipients = [...new Set(e.recipients)];
    if (!recipients.length) return [];
    const languages = await repo.languages(tx, recipients);
    const key = e.textKey ?? TEXT_KEY[e.notificationType];
    const rows = await repo.insertMany(
      tx,
      recipients.map((userId) => {
        const t = translator(languages.get(userId) ?? 'en');
        return {
          userId,
          notificationType: e.notificationType,
          entityType: e.entityType,
          entityId: e.entityId,
          // The words at writing time stay as a fallback; readers get the key rendered in their language of the day.
          title: t(`notification.${key}.title`, e.params),
          message: t(`notification.${key}.message`, e.params),
          textKey: key,
          params: e.params,
          path: e.path,
          teachingClassStudentId: e.placeId ?? null,
        };
      }),
    );
    const messages = rows.map((row) => busMessageOf(row.userId, presentNotification(row, languages.get(row.userId) ?? DEFAULT_LOCALE)));
    await repo.publish(tx, NOTIFICATION_CHANNEL, messages);
    return rows;
  },

  /** The reader's language now: every notification is worded in it, old ones included (DESIGN §3). */
  async languageOf(db: DbOrTx, userId: number): Promise<string> {
    return (await repo.languages(db, [userId])).get(userId) ?? DEFAULT_LOCALE;
  },

  async list(db: DbOrTx, p: Principal, q: ListQuery) {
    const [page, lang] = await Promise.all([repo.list(db, p.userId, q.isRead, q.itemsPerPage, offsetOf(q)), this.languageOf(db, p.userId)]);
    return { total: page.total, members: page.rows.map((r) => presentNotification(r, lang)) };
  },

  async get(db: DbOrTx, p: Principal, id: number) {
    return presentNotification(await own(db, p, id), await this.languageOf(db, p.userId));
  },

  async setRead(db: DbOrTx, p: Principal, id: number, isRead: boolean) {
    await own(db, p, id);
    return presentNotification((await repo.setRead(db, id, isRead))!, await this.languageOf(db, p.userId));
  },

  markAllRead: (db: DbOrTx, p: Principal) => repo.markAllRead(db, p.userId),
  newestId: (db: DbOrTx, userId: number) => repo.newestId(db, userId),
  after: (db: DbOrTx, userId: number, afterId: number, limit: number) => repo.after(db, userId, afterId, limit),
};
