import crypto from 'node:crypto';
import http from 'node:http';
// http_ece is what web-push encrypts with; here it decrypts, as a browser's push service would hand over.
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

/**
 * A local push service: subscriptions with real P-256 keys whose messages are decrypted on arrival. `status(path)`
 * chooses the answer per subscription, so that 201, 404, 410 and 500 can all be tried.
 */
export async function startPushEndpoint(status: (path: string) => number = () => 201) {
  const keys = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const waiters: ((p: ReceivedPush) => void)[] = [];
  let read = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const k = keys.get(path);
      const code = status(path);
      if (k && code < 300) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: k.ecdh, authSecret: k.auth }) as Buffer;
        const push = { path, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) as unknown };
        received.push(push);
        if (waiters.length) waiters.shift()!(received[read++]!);
      }
      res.writeHead(code).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  let n = 0;
  return {
    received,
    /** A new browser subscription, as `JSON.stringify(pushSubscription)` gives it. */
    subscription(name = `s${++n}`) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${name}`;
      keys.set(path, { ecdh, auth });
      return { path, token: JSON.stringify({ endpoint: `http://127.0.0.1:${port}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }) };
    },
    /** The next message decrypted (already arrived, or when it does). */
    next: () => new Promise<ReceivedPush>((resolve) => (read < received.length ? resolve(received[read++]!) : waiters.push(resolve))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
