import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** An S3 server for a test: s3rver on 127.0.0.1 on a free port, its data in a temporary folder, one bucket. */
export interface S3rverHandle {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the bucket's objects (and, beside them, the parts of multipart uploads). */
  dir: string;
  /** The environment a server needs to keep its media there (S3_BUCKET, S3_ENDPOINT…). */
  env: Record<string, string>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** The variables that put a Skillroom server's media in this S3 server (or behind a proxy of it, at `endpoint`). */
export const s3Env = (s: Omit<S3rverHandle, 'env' | 'stop' | 'dir'>, endpoint = s.endpoint): Record<string, string> => ({
  S3_BUCKET: s.bucket,
  S3_ENDPOINT: endpoint,
  S3_REGION: s.region,
  S3_ACCESS_KEY_ID: s.accessKeyId,
  S3_SECRET_ACCESS_KEY: s.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

export async function startS3rver(opts: { bucket?: string } = {}): Promise<S3rverHandle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-s3-'));
  const bucket = opts.bucket ?? 'media';
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's one account: it checks every request's signature against these.
  const base = { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let stopped = false;
  return {
    ...base,
    dir,
    env: s3Env(base),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the fault proxy does with a request: pass it on, answer 500, or hold it without ever answering. */
export type S3FaultMode = 'pass' | 'fail' | 'hang';

/**
 * An HTTP proxy in front of an S3 server that a test can turn faulty, and that remembers every request it saw
 * ("PUT /media/key?partNumber=2&uploadId=…"). Requests are passed on unchanged, Host included, so signatures hold.
 */
export async function startS3FaultProxy(target: string) {
  const upstream = new URL(target);
  const seen: string[] = [];
  let decide: (method: string, url: string) => S3FaultMode = () => 'pass';
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const line = `${req.method} ${req.url}`;
    seen.push(line);
    const mode = decide(req.method ?? 'GET', req.url ?? '/');
    if (mode === 'hang') {
      held.add(res);
      req.resume();
      return;
    }
    if (mode === 'fail') {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(500, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>injected</Message></Error>'),
      );
      return;
    }
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** Sets what happens to each next request; `() => 'fail'` fails them all. */
    set(mode: S3FaultMode | ((method: string, url: string) => S3FaultMode)) {
      decide = typeof mode === 'function' ? mode : () => mode;
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
