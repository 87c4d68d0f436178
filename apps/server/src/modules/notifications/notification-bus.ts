import type { FastifyBaseLogger } from 'fastify';
import type { Notification } from '@skillroom/contract';
import type { Database } from '../../db/client';

/** The PostgreSQL channel on which every instance hears of new notifications. */
export const NOTIFICATION_CHANNEL = 'skillroom_notification';

/** NOTIFY payloads must stay under 8000 bytes; a longer notification travels as its id and is read by the listener. */
const MAX_PAYLOAD = 7900;

/** A new notification as the bus carries it: its recipient, its id, and (when it fitted) the presented notification. */
export interface BusMessage {
  userId: number;
  id: number;
  notification: Notification | null;
}

export function busMessageOf(userId: number, n: Notification): string {
  const full = JSON.stringify({ userId, id: n.id, notification: n } satisfies BusMessage);
  return Buffer.byteLength(full) <= MAX_PAYLOAD ? full : JSON.stringify({ userId, id: n.id, notification: null } satisfies BusMessage);
}

type Subscriber = { message: (m: BusMessage) => void; resume?: () => void };

/**
 * Hears the notifications written by any instance on the same database (LISTEN/NOTIFY), and hands each to this
 * instance's subscribers: the open streams and the push sender. On the embedded database one process is all there is.
 */
export class NotificationBus {
  private readonly subscribers = new Set<Subscriber>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(database: Database) {
    this.stop = await database.listen(
      NOTIFICATION_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.resumed(),
    );
  }

  /** The connection was lost and is back: subscribers read what was made while nothing could be heard. */
  resumed() {
    this.log.info('notification bus listening again');
    for (const s of this.subscribers) s.resume?.();
  }

  subscribe(s: Subscriber) {
    this.subscribers.add(s);
    return () => this.subscribers.delete(s);
  }

  private dispatch(payload: string) {
    let m: BusMessage;
    try {
      m = JSON.parse(payload) as BusMessage;
    } catch {
      this.log.warn('unreadable notification bus message');
      return;
    }
    for (const s of this.subscribers) {
      try {
        s.message(m);
      } catch (err) {
        this.log.error({ err }, 'notification subscriber failed');
      }
    }
  }

  async close() {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }
}
