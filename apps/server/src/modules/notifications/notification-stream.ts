import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_STREAM_EVENT, type Notification } from '@skillroom/contract';
import type { Db } from '../../db/client';
import type { BusMessage, NotificationBus } from './notification-bus';
import { presentNotification } from './notifications.presenter';
import { notificationsService } from './notifications.service';

/** Open streams a user may hold (tabs, devices); past this the oldest is closed. */
const MAX_STREAMS_PER_USER = 20;
/** A client that reads nothing while this much waits for it is dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const CATCH_UP_PAGE = 200;
/**
 * The reconnect delay a stream ended by a stop tells its browser (SSE `retry:`), spread over a few seconds so that
 * every client of a stopping instance does not land on the others in the same moment.
 */
const STOP_RETRY_MS = { min: 2_000, spread: 3_000 };
const stopRetryMs = () => STOP_RETRY_MS.min + Math.floor(Math.random() * STOP_RETRY_MS.spread);

interface Stream {
  userId: number;
  res: ServerResponse;
  /** The last notification id written (or known to the client through Last-Event-ID). */
  lastId: number;
  /** While the missed notifications are read, live ones wait here so that the order stays by id. */
  pending: Notification[] | null;
  timer: NodeJS.Timeout | null;
}

const frame = (n: Notification) => `id: ${n.id}\nevent: ${NOTIFICATION_STREAM_EVENT}\ndata: ${JSON.stringify(n)}\n\n`;

/**
 * This instance's open notification streams (server-sent events), fed by the bus. Each new notification is written to
 * its recipient's streams as it is heard; a stream that resumes (Last-Event-ID) first gets what it missed.
 */
export class NotificationStreams {
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Db,
    bus: NotificationBus,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
    /** Aborted when the instance begins to drain: every stream ends then, with a retry hint. */
    stop?: AbortSignal,
  ) {
    bus.subscribe({
      message: (m) => void this.onMessage(m).catch((err: unknown) => this.log.warn({ err }, 'notification stream delivery failed')),
      resume: () => void this.catchUpAll(),
    });
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs);
    this.heartbeat.unref();
    stop?.addEventListener('abort', () => this.close(), { once: true });
  }

  get size() {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /**
   * Where a stream starts (DESIGN §8): after the client's Last-Event-ID when it has one, else after the user's newest
   * notification now, so that it gets only what is made after it opens and a catch-up never replays the history the
   * client listed itself. Read before the response is taken over: a database that fails here answers an error.
   */
  async startOf(userId: number, lastEventId: number | null) {
    return lastEventId ?? (await notificationsService.newestId(this.db, userId));
  }

  /**
   * Takes over a response as a stream of the user's notifications after `lastId` (see `startOf`); `expiresAt` is when
   * its token expires, and the stream with it.
   */
  open(res: ServerResponse, userId: number, lastId: number, expiresAt: number | null) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy or compression may hold events back.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.socket?.setNoDelay(true);
    res.socket?.setKeepAlive(true);
    res.write(`retry: 3000\n: connected\n\n`);
    // Opened while the instance stops (its start was read as the stop began): the client goes elsewhere at once.
    if (this.closed) {
      const socket = res.socket;
      res.end(`retry: ${stopRetryMs()}\n\n`, () => socket?.end());
      return;
    }
    const s: Stream = { userId, res, lastId, pending: null, timer: null };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(s);
    if (set.size > MAX_STREAMS_PER_USER) this.end(set.values().next().value!);
    res.on('close', () => this.remove(s));
    // A client gone mid-write is simply dropped; its error must not reach the process.
    res.on('error', () => this.remove(s));
    if (expiresAt !== null) {
      // The token this stream was opened with is its ticket; the client comes back with a fresh one and its Last-Event-ID.
      s.timer = setTimeout(() => this.end(s), Math.max(0, expiresAt - Date.now()));
      s.timer.unref();
    }
    // What was made after the start before this stream could hear it (usually nothing for a new one), then live.
    void this.catchUp(s);
  }

  private async onMessage(m: BusMessage) {
    const set = this.byUser.get(m.userId);
    if (!set?.size) return;
    let n = m.notification;
    if (!n) {
      const row = await notificationsService.after(this.db, m.userId, m.id - 1, 1);
      if (row[0]?.id !== m.id) return;
      n = presentNotification(row[0], await notificationsService.languageOf(this.db, m.userId));
    }
    for (const s of set) this.send(s, n);
  }

  private send(s: Stream, n: Notification) {
    if (s.pending) s.pending.push(n);
    else this.write(s, n);
  }

  private write(s: Stream, n: Notification) {
    if (n.id <= s.lastId || s.res.writableEnded || s.res.destroyed) return;
    s.lastId = n.id;
    s.res.write(frame(n));
    if (s.res.writableLength > MAX_BUFFERED_BYTES) this.end(s);
  }

  private flush(s: Stream) {
    const queued = (s.pending ?? []).sort((a, b) => a.id - b.id);
    s.pending = null;
    for (const n of queued) this.write(s, n);
  }

  /** Writes what the stream missed since its last id, then what arrived meanwhile. */
  private async catchUp(s: Stream) {
    s.pending ??= [];
    try {
      for (;;) {
        const [rows, lang] = await Promise.all([
          notificationsService.after(this.db, s.userId, s.lastId, CATCH_UP_PAGE),
          notificationsService.languageOf(this.db, s.userId),
        ]);
        for (const r of rows) this.write(s, presentNotification(r, lang));
        if (rows.length < CATCH_UP_PAGE || s.res.destroyed) break;
      }
    } catch (err) {
      this.log.warn({ err }, 'notification stream catch-up failed');
    }
    this.flush(s);
  }

  /** After the bus lost and regained its connection: every stream reads what it may have missed. */
  private async catchUpAll() {
    for (const set of this.byUser.values()) for (const s of set) await this.catchUp(s);
  }

  private ping() {
    for (const set of this.byUser.values()) for (const s of set) if (!s.res.writableEnded && !s.res.destroyed) s.res.write(': ping\n\n');
  }

  private remove(s: Stream) {
    if (s.timer) clearTimeout(s.timer);
    const set = this.byUser.get(s.userId);
    set?.delete(s);
    if (set && !set.size) this.byUser.delete(s.userId);
  }

  private end(s: Stream) {
    this.remove(s);
    s.res.end();
  }

  /**
   * Ends every stream (shutdown) with a `retry:` hint, then closes its connection (a keep-alive one would otherwise
   * hold the server's close): clients reconnect to another instance with their Last-Event-ID a few seconds later.
   */
  close() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of [...this.byUser.values()])
      for (const s of [...set]) {
        this.remove(s);
        const socket = s.res.socket;
        if (s.res.writableEnded || s.res.destroyed) continue;
        s.res.end(`retry: ${stopRetryMs()}\n\n`, () => socket?.end());
      }
  }
}
