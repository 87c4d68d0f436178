import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../config';
import { createPushSender } from './push-sender';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-push-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const log = { warn: () => {} } as never;
const subscription = (endpoint: string) => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') } };
};

describe('push sender', () => {
  it('makes VAPID keys once in DATA_DIR/keys and reads them again', () => {
    const a = createPushSender(loadConfig({ DATA_DIR: dir }), log);
    const b = createPushSender(loadConfig({ DATA_DIR: dir }), log);
    expect(a.publicKey).toBe(b.publicKey);
    expect(fs.existsSync(path.join(dir, 'keys', 'vapid.json'))).toBe(true);
  });

  it('takes the keys from the environment, both or neither', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(
      createPushSender(loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }), log).publicKey,
    ).toBe(keys.publicKey);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ftp://example.org' })).toThrow(ConfigError);
  });

  it('refuses plain-http endpoints unless allowed, and keys that cannot encrypt', async () => {
    const publicDns = async () => [{ address: '142.250.1.95', family: 4 }];
    const strict = createPushSender(loadConfig({ DATA_DIR: dir }), log, publicDns);
    expect(await strict.refuse(subscription('https://fcm.googleapis.com/fcm/send/abc'))).toBeNull();
    expect(await strict.refuse(subscription('http://127.0.0.1:9/push'))).toBe('https');
    expect(await strict.refuse({ endpoint: 'https://push.example/x', keys: { p256dh: 'AAAA', auth: 'AAAA' } })).toBe('keys');
    const lax = createPushSender(loadConfig({ DATA_DIR: dir, PUSH_ALLOW_HTTP: 'true' }), log);
    expect(await lax.refuse(subscription('http://127.0.0.1:9/push'))).toBeNull();
  });

  it('answers null, not an error, when the push service cannot be reached', async () => {
    const sender = createPushSender(loadConfig({ DATA_DIR: dir, PUSH_ALLOW_HTTP: 'true', PUSH_TIMEOUT_MS: '2000' }), log);
    expect(await sender.send(subscription('http://127.0.0.1:9/push'), '{}')).toBeNull();
  });
});
