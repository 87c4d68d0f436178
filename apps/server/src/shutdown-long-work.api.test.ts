import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dbKind } from '../test/harness';
import { json, newTeacher, send, startMain } from '../test/main-process';
import { multipart } from '../test/media';

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
