import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function send(
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
export async function startMain(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../src/main.ts')], {
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

export const json = { 'content-type': 'application/json', accept: 'application/ld+json' };

/** Signs a new teacher up and in; answers the password and the token. */
export async function newTeacher(agent: http.Agent, port: number, username: string) {
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
