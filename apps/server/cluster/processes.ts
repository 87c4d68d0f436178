// The processes of a cluster run: server instances (the built main.js) and HAProxy in front of them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverEnv } from '../../../scripts/server-env.mjs';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const HEALTH_PATH = '/api/public/v1/health';
const MAIN = path.resolve(import.meta.dirname, '../dist/main.js');

/** A port the system had free a moment ago (HAProxy and the instances need theirs before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready within ${timeoutMs} ms`);
}

const healthy = async (port: number) => (await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`)).status === 200;

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
}

/** Starts the built server on a free port with `env`, and waits for its public health route. */
export async function startInstance(name: string, env: Record<string, string>, logDir: string): Promise<Instance> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build:server`);
  const port = await freePort();
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [MAIN], {
    env: { ...serverEnv(), ...env, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<string>((r) => child.once('exit', (code, signal) => r(signal ?? String(code))));
  const early = exited.then((how) => {
    throw new Error(`instance ${name} exited (${how}) before it was ready; see ${path.join(logDir, `${name}.log`)}`);
  });
  await Promise.race([waitFor(`instance ${name}`, () => healthy(port), 90_000), early]);
  void early.catch(() => {});
  return { name, port, child, exited };
}

export async function stopInstance(i: Instance) {
  if (i.child.exitCode !== null || i.child.signalCode !== null) return;
  i.child.kill('SIGTERM');
  const timer = setTimeout(() => i.child.kill('SIGKILL'), 15_000);
  await i.exited;
  clearTimeout(timer);
}

/**
 * HAProxy's configuration: round robin over the instances, a health check of the public route every 500 ms (two
 * failures take an instance out), and a retry on another instance only when the connection itself failed: a request
 * that reached an instance is never sent twice. Streams (SSE) may stay open for minutes.
 */
export function haproxyConfig(port: number, backends: { name: string; port: number }[]) {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 5m',
    '  timeout server 5m',
    '  timeout tunnel 5m',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    '  option forwardfor',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    // Which instance answered: the run checks that streams resumed on the other one.
    '  http-response set-header x-served-by %s',
    'backend app',
    '  balance roundrobin',
    `  option httpchk GET ${HEALTH_PATH}`,
    '  http-check expect status 200',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500ms fall 2 rise 2`),
    '',
  ].join('\n');
}

/** HAProxy in the foreground (-db), its configuration in `dir`; resolves once it accepts connections. */
export async function startHaproxy(dir: string, backends: { name: string; port: number }[]) {
  const port = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(port, backends));
  const log = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
  const child = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitFor('HAProxy', async () => (await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`)).status === 200, 15_000);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
