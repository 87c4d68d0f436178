// A notification stream as a browser's EventSource holds it: reconnects when it drops, sending Last-Event-ID.
import http from 'node:http';
import { readSseBlocks } from '../test/sse';
import { AUTH } from './client';

export interface StreamStats {
  /** Notification ids received, in order (duplicates kept, so that a replay shows). */
  ids: number[];
  /** Instance that served each (re)connection, in order. */
  servedBy: string[];
  /** Milliseconds from each drop to the stream being open again. */
  resumeMs: number[];
}

export function holdStream(base: string, token: string, ip: string) {
  const stats: StreamStats = { ids: [], servedBy: [], resumeMs: [] };
  let stopped = false;
  let req: http.ClientRequest | null = null;
  let lastId = 0;
  let droppedAt: number | null = null;

  const connect = () => {
    if (stopped) return;
    // Last-Event-ID 0 on the first open too: the user is new, so "everything" is exactly what the run made.
    const mine = http.get(
      `${base}${AUTH}/notifications/stream`,
      {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'last-event-id': String(lastId), 'x-forwarded-for': ip },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.once('end', () => dropped(mine));
          return;
        }
        stats.servedBy.push(String(res.headers['x-served-by'] ?? '?'));
        if (droppedAt !== null) stats.resumeMs.push(Date.now() - droppedAt);
        droppedAt = null;
        readSseBlocks(res, (block) => {
          const idLine = block.split('\n').find((l) => l.startsWith('id: '));
          if (!idLine) return;
          lastId = Number(idLine.slice(4));
          stats.ids.push(lastId);
        });
        res.once('close', () => dropped(mine));
      },
    );
    req = mine;
    mine.on('error', () => dropped(mine));
  };
  let retryTimer: NodeJS.Timeout | null = null;
  const retry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, 200);
  };
  // Only the current connection's end counts: a late error of an older one must not open a second stream.
  function dropped(which: http.ClientRequest) {
    if (stopped || which !== req) return;
    droppedAt ??= Date.now();
    retry();
  }
  connect();
  return {
    stats,
    stop: () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      req?.destroy();
    },
  };
}
