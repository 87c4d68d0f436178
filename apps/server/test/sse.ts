import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Listens on a free local port (SSE cannot be driven through inject) and answers the base URL. */
export async function listen(app: FastifyInstance) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** Hands each block of a server-sent events answer (the lines up to a blank line) to `onBlock`, as it arrives. */
export function readSseBlocks(res: http.IncomingMessage, onBlock: (block: string) => void) {
  res.setEncoding('utf8');
  let buffer = '';
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      onBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  });
}

/**
 * Opens a server-sent events stream and collects its events; `next()` waits for the next one. Comments (heartbeats)
 * are counted apart. No timers: a test that waits for an event that never comes fails by the test's own timeout.
 */
export function openStream(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  let comments = 0;
  let waiting: ((e: SseEvent) => void) | null = null;
  let read = 0;
  let status = 0;
  let contentType = '';
  let contentEncoding = '';
  let req: http.ClientRequest;
  let ended!: () => void;
  const endedPromise = new Promise<void>((resolve) => (ended = resolve));
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      status = res.statusCode ?? 0;
      contentType = String(res.headers['content-type'] ?? '');
      contentEncoding = String(res.headers['content-encoding'] ?? '');
      readSseBlocks(res, (block) => {
        const e: SseEvent = { id: null, event: 'message', data: '' };
        let isEvent = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments++;
          else if (line.startsWith('event: ')) e.event = line.slice(7);
          else if (line.startsWith('id: ')) {
            e.id = line.slice(4);
            isEvent = true;
          } else if (line.startsWith('data: ')) {
            e.data += line.slice(6);
            isEvent = true;
          }
        }
        if (!isEvent) return;
        events.push(e);
        if (waiting && read < events.length) {
          const w = waiting;
          waiting = null;
          w(events[read++]!);
        }
      });
      res.on('end', () => ended());
      res.on('close', () => ended());
      resolve();
    });
    req.on('error', reject);
  });
  return {
    opened,
    /** Resolves when the server ends the stream. */
    ended: endedPromise,
    events,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    get contentEncoding() {
      return contentEncoding;
    },
    get comments() {
      return comments;
    },
    next: () =>
      new Promise<SseEvent>((resolve) => {
        if (read < events.length) resolve(events[read++]!);
        else waiting = resolve;
      }),
    close: () => req.destroy(),
  };
}
