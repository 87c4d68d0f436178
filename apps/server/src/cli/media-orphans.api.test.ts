import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { expectNoOrphans, keysOf, storedKeys, uploadImage } from '../../test/erasure';
import { AdminError, runAdminCommand } from './admin-commands';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(() => s.close());

const run = (...argv: string[]) => runAdminCommand(s.ctx.db, argv, { files: s.ctx.files });
const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);

describe(`media:orphans (${dbKind})`, { timeout: 120_000 }, () => {
  it('lists uploads never attached after 24 h and files no row names; --delete removes them, and nothing younger', async () => {
    const u = await signUp(s);
    const fresh = await uploadImage(s, u.token, MediaType.RatingPhoto);
    const old = await uploadImage(s, u.token, MediaType.RatingPhoto);
    const used = await uploadImage(s, u.token, MediaType.UserAvatar);
    expect((await s.api('PATCH', `/api/auth/v1/user/${u.id}`, { token: u.token, body: { avatar: used['@id'] } })).statusCode).toBe(200);
    await s.ctx.db.execute(sql`update media set created = ${twoDaysAgo.toISOString()} where id in (${old.id}, ${used.id})`);
    const oldKeys = await keysOf(s, old.id);
    // A file left by a crash between a deletion's commit and its file removal, and one being uploaded right now.
    await s.ctx.files.put('photo/2020/01/stray.jpg', Buffer.from('stray'));
    // A thumbnail's 2x variant whose row is gone (made on a first request while the media was being erased).
    await s.ctx.files.put('thumb/2020/01/gone@2x.webp', Buffer.from('stray variant'));
    await s.ctx.files.put('photo/2020/01/in-flight.jpg', Buffer.from('in flight'));
    const media = path.join(s.dataDir, 'media');
    const strays = ['photo/2020/01/stray.jpg', 'thumb/2020/01/gone@2x.webp'];
    // The avatar in use is as old, thumbnail variant included: no file of it may be listed.
    for (const k of [...oldKeys, ...(await keysOf(s, used.id)), ...strays])
      fs.utimesSync(path.join(media, k), twoDaysAgo, twoDaysAgo);

    const listed = await run('media:orphans');
    expect(listed).toContain(`Found 1 media row(s) nothing refers to:\n  media ${old.id}  ${oldKeys[0]}`);
    expect(listed).toMatch(/Found 2 file\(s\) no media row names:\n {2}\S+\n {2}\S+\n/);
    for (const k of strays) expect(listed).toContain(`  ${k}\n`);
    expect(listed).toContain('Run again with --delete to remove them.');
    expect(await storedKeys(s)).toContain('photo/2020/01/stray.jpg');

    const removed = await run('media:orphans', '--delete');
    expect(removed).toMatch(/^Removed 1 media row\(s\)/);
    const stored = await storedKeys(s);
    expect([...oldKeys, ...strays].filter((k) => stored.has(k))).toEqual([]);
    expect(stored).toContain('photo/2020/01/in-flight.jpg');
    await s.ctx.files.remove('photo/2020/01/in-flight.jpg');
    expect(await run('media:orphans')).toBe('Found 0 media row(s) nothing refers to.\nFound 0 file(s) no media row names.');
    await expectNoOrphans(s, { unattached: [fresh.id] });
    // With --hours 0 the fresh upload is judged too.
    expect(await run('media:orphans', '--hours', '0')).toContain(`media ${fresh.id}`);
  });

  it('refuses a malformed --hours', async () => {
    await expect(run('media:orphans', '--hours', '1e3')).rejects.toThrow(new AdminError('--hours must be a whole number of hours.'));
    await expect(run('media:orphans', '--hours=-1')).rejects.toThrow(AdminError);
  });
});
