import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const mine = (userId: number, isRead?: boolean) =>
  and(eq(notifications.userId, userId), isRead === undefined ? undefined : eq(notifications.isRead, isRead));

export const notificationsRepository = {
  /** The preferred language of each recipient, read in the transaction that notifies them. */
  async languages(db: DbOrTx, userIds: number[]) {
    if (!userIds.length) return new Map<number, string>();
    const rows = await db.select({ id: users.id, lang: users.preferredLanguage }).from(users).where(inArray(users.id, userIds));
    return new Map(rows.map((r) => [r.id, r.lang]));
  },

  insertMany: (db: DbOrTx, values: NewNotification[]) => db.insert(notifications).values(values).returning(),

  /** Tells every instance's listeners, when the transaction commits (NOTIFY is transactional); one trip for all. */
  async publish(db: DbOrTx, channel: string, payloads: string[]) {
    if (!payloads.length) return;
    const values = sql.join(
      payloads.map((p) => sql`(${p}::text)`),
      sql`, `,
    );
    await db.execute(sql`select pg_notify(${channel}, m.payload) from (values ${values}) as m(payload)`);
  },

  /** The user's notifications, newest first. */
  async list(db: DbOrTx, userId: number, isRead: boolean | undefined, limit: number, offset: number) {
    const where = mine(userId, isRead);
    return page(
      db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
      countOf(db, notifications, where),
    );
  },

  /** The id of the user's newest notification (0 for none): where a new stream starts. */
  async newestId(db: DbOrTx, userId: number) {
    const [row] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(1);
    return row?.id ?? 0;
  },

  /** What a reconnecting stream missed: the user's notifications after an id, oldest first. */
  after: (db: DbOrTx, userId: number, afterId: number, limit: number) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
      .orderBy(asc(notifications.id))
      .limit(limit),

  async findById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row ?? null;
  },

  async setRead(db: DbOrTx, id: number, isRead: boolean) {
    const [row] = await db.update(notifications).set({ isRead, updated: new Date() }).where(eq(notifications.id, id)).returning();
    return row ?? null;
  },

  async markAllRead(db: DbOrTx, userId: number) {
    const rows = await db
      .update(notifications)
      .set({ isRead: true, updated: new Date() })
      .where(mine(userId, false))
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** Recent notifications no instance has pushed (their announcement was missed), oldest first. */
  unpushed: (db: DbOrTx, since: Date, limit: number) =>
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(isNull(notifications.pushedAt), gt(notifications.created, since)))
      .orderBy(asc(notifications.id))
      .limit(limit),

  /** Claims the Web Push delivery of a notification: exactly one instance gets the row back. */
  /** The quiet hours of a notification's recipient (DESIGN §11), or null when the notification is gone. */
  async recipientQuietHours(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ quietHoursStart: users.quietHoursStart, quietHoursEnd: users.quietHoursEnd, timeZone: users.timeZone })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, id));
    return row ?? null;
  },

  async claimPush(db: DbOrTx, id: number) {
    const [row] = await db
      .update(notifications)
      .set({ pushedAt: new Date() })
      .where(and(eq(notifications.id, id), isNull(notifications.pushedAt)))
      .returning();
    return row ?? null;
  },
};
