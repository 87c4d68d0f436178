import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKind } from '../test/harness';
import { json, newTeacher, send, startMain, type Answer } from '../test/main-process';
import { openDatabase } from './db/client';
import { refreshTokens, users } from './db/schema';
import { multipart } from '../test/media';

// One database kind is enough: shutdown is the HTTP server's work, not the database's.
describe.runIf(dbKind === 'pglite')('stopping the server process', () => {
  let main: Awaited<ReturnType<typeof startMain>>;
  let child: ChildProcess;
  let port = 0;
  let lines: Record<string, unknown>[] = [];
  let exited: () => Promise<number | null>;

  beforeEach(async () => {
    main = await startMain();
    ({ child, port, lines, exited } = main);
  }, 120_000);

  afterEach(() => main.stop());

  it('on SIGTERM finishes the upload in flight, says connection: close, drops idle keep-alive clients and exits with 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const { token } = await newTeacher(agent, port, 'shutdown');

    // Three idle keep-alive clients, each with a connection the server has answered on and not closed.
    const idle = [0, 1, 2].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const idleClosed: Promise<void>[] = [];
    for (const a of idle) {
      const r = await send(a, port, 'GET', '/api/public/v1/config');
      expect(r.headers.connection).toBe('keep-alive');
      const socket = Object.values(a.freeSockets).flat()[0]!;
      idleClosed.push(new Promise((r) => socket.once('close', () => r())));
    }

    // An upload whose body is still arriving when the signal comes.
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipart([{ mediaType: '7' }, { filename: 'a.png', type: 'image/png', content: png }]);
    const uploading = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/v1/media',
          agent,
          headers: {
            'content-type': contentType,
            'content-length': String(payload.length),
            authorization: `Bearer ${token}`,
            accept: 'application/ld+json',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.write(payload.subarray(0, 1000));
      setTimeout(() => {
        const started = performance.now();
        child.kill('SIGTERM');
        // The idle clients are let go before the upload is done.
        void Promise.all(idleClosed).then(() => {
          idleGoneMs = performance.now() - started;
          req.end(payload.subarray(1000));
        });
      }, 300);
    });
    let idleGoneMs = -1;
    const t0 = performance.now();
    const upload = await uploading;
    expect(upload.status).toBe(201);
    expect(upload.headers.connection).toBe('close');
    expect(idleGoneMs).toBeGreaterThanOrEqual(0);
    expect(await exited()).toBe(0);
    const stopped = lines.find((l) => l.msg === 'stopped');
    expect(stopped).toBeDefined();
    console.info(
      `shutdown: idle keep-alive clients closed after ${Math.round(idleGoneMs)} ms, ` +
        `process exited 0 after ${Math.round(performance.now() - t0 - 300)} ms (server says ${String(stopped!.ms)} ms)`,
    );
    // A spawned server: sign-ups hash passwords in another process of a shared machine (16-20 s seen there).
  }, 90_000);

  it('on SIGTERM lets a route whose client went away finish before the database closes', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const { password } = await newTeacher(agent, port, 'gone');
    // A sign-in (a read, the password's hash, then a write) whose client hangs up while it runs, and SIGTERM then.
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/public/v1/login_check', headers: json });
    req.on('error', () => undefined);
    req.end(JSON.stringify({ username: 'gone', password }));
    // Once the server has it (its second sign-in: newTeacher made the first); the password's hash takes longer.
    const signIns = () => lines.filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/public/v1/login_check').length;
    await expect.poll(signIns, { interval: 5, timeout: 10_000 }).toBe(2);
    req.destroy();
    child.kill('SIGTERM');
    expect(await exited()).toBe(0);
    expect(lines.find((l) => l.msg === 'stopped')).toBeDefined();
    // Nothing failed on a closed database: no error logged, and the sign-in's write was made (its second token).
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(main.dataDir, 'db') });
    try {
      const tokens = await database.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(users.username, 'gone'));
      expect(tokens).toHaveLength(2);
    } finally {
      await database.close();
    }
    // A spawned server: sign-ups hash passwords in another process of a shared machine (16-20 s seen there).
  }, 90_000);
});
