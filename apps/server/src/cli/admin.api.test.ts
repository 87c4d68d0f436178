import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { API } from '../../test/classes';
import { AdminError, runAdminCommand } from './admin-commands';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const run = (...argv: string[]) => runAdminCommand(s.ctx.db, argv);

describe('admin commands', () => {
  it('creates a school and a subscription, adds a teacher and an evaluator, who then see it', async () => {
    const [t, e] = await Promise.all([signUp(s), signUp(s)]);
    const school = await run('school:create', 'Harbour', 'View', 'School');
    expect(school).toMatch(/^School \d+: Harbour View School$/);
    expect(await run('school:create', 'harbour view school')).toBe(school);
    const created = await run('subscription:create', '--name', 'Harbour 2026', '--start', '2026-09-01', '--end', '2027-08-31', '--individual', '--school', 'Harbour View School');
    const id = Number(/^Subscription (\d+): Harbour 2026 \(2026-09-01 to 2027-08-31, individual classes allowed\)$/.exec(created)![1]);
    expect(await run('subscription:add-teacher', String(id), t.username)).toBe(`${t.username} is now a teacher of subscription ${id}.`);
    expect(await run('subscription:add-evaluator', String(id), e.username.toUpperCase())).toBe(`${e.username} is now an evaluator of subscription ${id}.`);
    await run('subscription:add-teacher', String(id), t.username);
    const seen = (await s.api('GET', `${API}/subscription/${id}`, { token: t.token })).json();
    expect(seen).toMatchObject({ name: 'Harbour 2026', canCreateIndividual: true, userRoles: ['teacher'], school: expect.stringMatching(/\/school\/\d+$/) });
    expect((await s.api('GET', `${API}/subscriptions`, { token: e.token })).json()['hydra:member'][0].userRoles).toEqual(['evaluator']);
    expect(await run('subscription:list')).toMatch(new RegExp(`${id}\\s+Harbour 2026\\s+2026-09-01\\s+2027-08-31\\s+yes\\s+1\\s+1`));
  });

  it('lists users and grants and takes back platform roles', async () => {
    const u = await signUp(s);
    expect(await run('user:list')).toContain(u.username);
    expect(await run('user:role', u.username, 'ROLE_ADMIN_TRAINER')).toBe(`${u.username}: ROLE_USER, ROLE_ADMIN_TRAINER`);
    const login = (await s.api('POST', '/api/public/v1/login_check', { body: { username: u.username, password: u.password } })).json();
    expect(JSON.parse(Buffer.from(login.token.split('.')[1], 'base64url').toString()).roles).toEqual(['ROLE_USER', 'ROLE_ADMIN_TRAINER']);
    expect(await run('user:role', u.username, 'ROLE_ADMIN_TRAINER', '--remove')).toBe(`${u.username}: ROLE_USER`);
  });

  it.each([
    [['subscription:create', '--name', 'X', '--start', '2026-09-01', '--end', '2026-01-01'], '--end must not be before --start.'],
    [['subscription:create', '--name', 'X', '--start', 'soon', '--end', '2026-01-01'], '--start must be a date as YYYY-MM-DD.'],
    [['subscription:create', '--start', '2026-01-01', '--end', '2026-02-01'], '--name is required.'],
    [['subscription:create', '--name', 'X', '--start', '2026-01-01', '--end', '2026-02-01', '--school', 'Nowhere'], 'No school "Nowhere" (create it with school:create).'],
    [['subscription:add-teacher', '999999', 'nobody'], 'No subscription "999999".'],
    [['user:role', 'nobody-at-all', 'ROLE_SUPER_ADMIN'], 'No user "nobody-at-all".'],
    [['school:create'], 'Give the school a name.'],
    [['frobnicate'], 'Unknown command "frobnicate". Run with --help for the list.'],
  ])('refuses %j: %s', async (argv, message) => {
    await expect(run(...argv)).rejects.toThrow(new AdminError(message));
  });

  it('refuses an unknown role', async () => {
    const u = await signUp(s);
    await expect(run('user:role', u.username, 'ROLE_KING')).rejects.toThrow(/The role must be one of ROLE_SUPER_ADMIN/);
  });
});

describe('admin tool as a command', () => {
  const exec = promisify(execFile);
  const cwd = path.resolve(import.meta.dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-admin-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  const admin = (...argv: string[]) => exec(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...argv], { cwd, env, timeout: 60_000 });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints its help, and works on the embedded database of DATA_DIR', async () => {
    expect((await admin('--help')).stdout).toContain('subscription:add-evaluator <subscriptionId> <username>');
    expect((await admin('school:create', 'Cli School')).stdout.trim()).toBe('School 1: Cli School');
    expect((await admin('user:list')).stdout.trim()).toBe('(none)');
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    // Three processes of its own, each opening the embedded database: about 11 s on a quiet machine, 30 s on a busy one.
  }, 60_000);

  it('exits with 1 and a message for a mistake', async () => {
    await expect(admin('subscription:add-teacher', '1', 'nobody')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No subscription "1".') });
  });
});
