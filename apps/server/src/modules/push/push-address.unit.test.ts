import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { checkedLookup, isPublicAddress, refusedHost, type Resolver } from './push-address';
import { createPushSender } from './push-sender';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-push-address-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fake DNS: each name answers what the table says; a name not in it does not resolve. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const INNER = [
  '127.0.0.1',
  '127.8.9.10',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.100.100.200',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '192.0.0.192',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd00:ec2::254',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '64:ff9b::a00:1',
  '2002:a00:1::',
  '2001::1',
];

describe('push endpoint addresses (DESIGN §6)', () => {
  it('calls public only what ipaddr.js classes as plain unicast, IPv4 and IPv6 (mapped forms included)', () => {
    for (const a of INNER) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['142.250.1.95', '8.8.8.8', '2a00:1450:4001:81b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });

  it('refuses at registration hosts that are, or resolve to, inner addresses, in every spelling a URL allows', async () => {
    const dns = fakeDns({
      'push.example.com': ['142.250.1.95'],
      'rebind.example.com': ['142.250.1.95', '10.0.0.5'],
      'meta.example.com': ['169.254.169.254'],
      'six.example.com': ['::ffff:192.168.0.1'],
    });
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0x7f.1',
      '017700000001',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '169.254.169.254',
      '[fd00:ec2::254]',
      '100.64.1.1',
      'localhost',
      'api.localhost',
      'printer.local',
      'rebind.example.com',
      'meta.example.com',
      'six.example.com',
    ]) {
      expect(await refusedHost(`https://${host}/push/x`, dns), host).toBe('address');
    }
    expect(await refusedHost('https://push.example.com/x', dns)).toBeNull();
    expect(await refusedHost('https://[2a00:1450:4001:81b::200a]/x', dns)).toBeNull();
    // A name that does not resolve yet is accepted; it is checked again at sending.
    expect(await refusedHost('https://not-yet.example.com/x', dns)).toBeNull();
  });

  it('connects to the address it checked, and to none when any address of the name is inner', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.host ?? '');
      res.statusCode = 201;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      // "push.test" exists only in the fake DNS: reaching the server proves the socket used the checked answer.
      const allowLoopback = (a: string) => a === '127.0.0.1';
      const get = (host: string, lookup: ReturnType<typeof checkedLookup>) =>
        new Promise<number>((resolve, reject) =>
          http.get({ host, port, path: '/', lookup }, (res) => resolve(res.statusCode ?? 0)).on('error', reject),
        );
      expect(await get('push.test', checkedLookup(fakeDns({ 'push.test': ['127.0.0.1'] }), allowLoopback))).toBe(201);
      await expect(
        get('mixed.test', checkedLookup(fakeDns({ 'mixed.test': ['127.0.0.1', '10.0.0.1'] }), allowLoopback)),
      ).rejects.toMatchObject({ code: 'EPUSHADDRESS' });
      await expect(get('gone.test', checkedLookup(fakeDns({}), allowLoopback))).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(seen).toEqual([`push.test:${port}`]);
    } finally {
      server.close();
    }
  });

  it('at sending, refuses a name that now resolves inside (DNS rebinding) and an inner literal, without any request', async () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    const warnings: unknown[] = [];
    const log = { warn: (o: unknown) => warnings.push(o) } as never;
    let answer = ['142.250.1.95'];
    const sender = createPushSender(loadConfig({ DATA_DIR: dir, PUSH_TIMEOUT_MS: '3000' }), log, async () =>
      answer.map((address) => ({ address, family: 4 })),
    );
    expect(await sender.refuse({ endpoint: 'https://push.example.com/x', keys })).toBeNull();
    answer = ['127.0.0.1'];
    expect(await sender.send({ endpoint: 'https://push.example.com/x', keys }, '{}')).toBeNull();
    expect(await sender.send({ endpoint: 'https://127.0.0.1:9/x', keys }, '{}')).toBeNull();
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify(warnings)).not.toContain('/x');
  });
});
