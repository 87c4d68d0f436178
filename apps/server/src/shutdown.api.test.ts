import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKind } from '../test/harness';
import { openDatabase } from './db/client';
import { refreshTokens, users } from './db/schema';
import { multipart } from '../test/media';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The real process, as an operator runs it: main.ts, the embedded database in a temporary folder, SIGTERM to stop. */
async function startMain(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (l) => {
    try {
      lines.push(JSON.parse(l) as Record<string, unknown>);
    } catch {
      // Not a log line.
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = lines.find((l) => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(String(l.msg)));
      if (ready) {
        clearInterval(timer);
        resolve(Number(/:(\d+)$/.exec(String(ready.msg))![1]));
      }
    }, 50);
    child.once('exit', (code) => (clearInterval(timer), reject(new Error(`the server exited with ${code}`))));
  });
  const exited = () =>
    new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, port, lines, exited, stop, dataDir };
}

const json = { 'content-type': 'application/json', accept: 'application/ld+json' };

/** Signs a new teacher up and in; answers the password and the token. */
async function newTeacher(agent: http.Agent, port: number, username: string) {
  const user = {
    username,
    email: `${username}@example.org`,
    plainPassword: 'correct horse battery',
    firstName: 'S',
    lastName: 'D',
    accountTypeRadio: 'teacher',
    preferredLanguage: 'en',
  };
  expect((await send(agent, port, 'POST', '/api/public/v1/user', json, Buffer.from(JSON.stringify(user)))).status).toBe(201);
  const login = await send(
    agent,
    port,
    'POST',
    '/api/public/v1/login_check',
    json,
    Buffer.from(JSON.stringify({ username, password: user.plainPassword })),
  );
  return { password: user.plainPassword, token: (JSON.parse(login.body) as { token: string }).token };
}

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
  });

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
  });
});

/** Answers a request's status, or how it ended without one ('cut': the connection went first). */
function outcome(req: http.ClientRequest) {
  return new Promise<{ status: number | 'cut'; at: number }>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, at: performance.now() }));
      res.on('error', () => resolve({ status: 'cut', at: performance.now() }));
    });
    req.on('error', () => resolve({ status: 'cut', at: performance.now() }));
  });
}

describe.runIf(dbKind === 'pglite')('stopping the server process with long work in flight', () => {
  const GRACE_MS = 1_000;
  let main: Awaited<ReturnType<typeof startMain>>;
  beforeEach(async () => {
    main = await startMain({ SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  }, 120_000);
  afterEach(() => main.stop());

  it('on SIGTERM ends the notification stream with a retry hint, cuts the class export and the slow upload, exits 0 in time', async () => {
    const { port, child, lines, exited, dataDir } = main;
    const agent = new http.Agent({ keepAlive: true });
    const { token } = await newTeacher(agent, port, 'stopper');
    const auth = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
    const cls = await send(
      agent,
      port,
      'POST',
      '/api/auth/v1/teaching-class',
      { ...json, ...auth },
      Buffer.from(
        JSON.stringify({
          name: 'Year 8 Large',
          year: 2026,
          start: '2026-09-01',
          end: '2027-07-15',
          grade: '8',
          term: 'Autumn',
        }),
      ),
    );
    expect(cls.status).toBe(201);
    const classId = (JSON.parse(cls.body) as { id: number }).id;
    const roster = Array.from({ length: 600 }, (_, i) => `Pupil${i}\tLarge${i}\tL-${i}`).join('\n');
    const imported = await send(
      agent,
      port,
      'POST',
      '/api/auth/v1/teaching-class-student/import',
      { ...json, ...auth },
      Buffer.from(JSON.stringify({ teachingClass: classId, text: roster })),
    );
    expect(imported.status).toBe(201);

    // A notification stream, read as a browser's EventSource would.
    let streamText = '';
    const stream = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/auth/v1/notifications/stream',
      headers: { authorization: `Bearer ${token}` },
    });
    const streamEnded = new Promise<number>((resolve, reject) => {
      stream.on('response', (res) => {
        res.setEncoding('utf8').on('data', (c: string) => (streamText += c));
        res.on('end', () => resolve(performance.now()));
      });
      stream.on('error', reject);
    });
    await expect.poll(() => streamText, { timeout: 10_000 }).toContain(': connected');

    // A class export still being built: its folder fills with students' files.
    const exporting = http.get({ host: '127.0.0.1', port, path: `/api/auth/v1/export/class/${classId}`, headers: auth });
    const exported = outcome(exporting);
    const exportDir = path.join(dataDir, 'tmp', 'exports');
    const built = () => (fs.existsSync(exportDir) ? fs.readdirSync(exportDir).flatMap((x) => fs.readdirSync(path.join(exportDir, x))) : []);
    await expect.poll(() => built().length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(2);

    // An upload whose client sends a little now and then, and would go on for minutes.
    const png = Buffer.alloc(64 * 1024, 1);
    const { payload, contentType } = multipart([{ mediaType: '7' }, { filename: 'a.png', type: 'image/png', content: png }]);
    const uploading = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/v1/media',
      headers: { ...auth, 'content-type': contentType, 'content-length': String(payload.length) },
    });
    const uploaded = outcome(uploading);
    uploading.write(payload.subarray(0, 1000));
    let sent = 1000;
    const drip = setInterval(() => {
      if (sent < payload.length - 100 && !uploading.destroyed) uploading.write(payload.subarray(sent, (sent += 100)));
    }, 200);

    const t0 = performance.now();
    child.kill('SIGTERM');
    try {
      expect(await exited()).toBe(0);
    } finally {
      clearInterval(drip);
    }
    const stopped = lines.find((l) => l.msg === 'stopped');
    expect(Number(stopped?.ms)).toBeLessThanOrEqual(GRACE_MS + 10_000);
    // The stream ended with a reconnect hint of a few seconds, before the cut of what still ran.
    const streamEnd = await streamEnded;
    const hint = /(?:^|\n)retry: (\d+)\n\n$/.exec(streamText);
    expect(hint, streamText).not.toBeNull();
    expect(Number(hint![1])).toBeGreaterThanOrEqual(1_000);
    expect(Number(hint![1])).toBeLessThanOrEqual(10_000);
    // The export stopped when draining began (503: the instance is stopping), the upload was cut at the bound.
    const [e, u] = await Promise.all([exported, uploaded]);
    expect(e.status).toBe(503);
    expect(u.status).toBe('cut');
    expect(streamEnd).toBeLessThan(u.at);
    expect(built()).toEqual([]);
    console.info(
      `shutdown with a stream, a class export and a slow upload: stream ended after ${Math.round(streamEnd - t0)} ms, ` +
        `export answered after ${Math.round(e.at - t0)} ms, upload cut after ${Math.round(u.at - t0)} ms, ` +
        `exit 0 after ${Math.round(performance.now() - t0)} ms (server says ${String(stopped!.ms)} ms)`,
    );
    // The spawned server's own work (sign-up, 600 students, the export) is slow on a busy machine: a wide timeout.
  }, 180_000);
});
