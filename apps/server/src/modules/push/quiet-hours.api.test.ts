import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, type TestUser } from '../../../test/classes';
import { startPushEndpoint } from '../../../test/push-endpoint';
import { notificationsRepository } from '../notifications/notifications.repository';
import { pushJobId, pushService } from './push.service';

/** DESIGN §11 quiet hours: on the profile (families start with 20:00–07:00), and Web Push held until they end. */
let s: TestServer;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  push = await startPushEndpoint(() => 201);
  s = await startTestServer({ PUSH_ALLOW_HTTP: 'true' }, { jobs: true });
}, 300_000);
afterAll(async () => {
  await s?.close();
  await push?.close();
});

const me = async (u: TestUser) => (await s.api('GET', `${API}/user/${u.id}`, { token: u.token })).json();
const patch = (u: TestUser, body: unknown) => s.api('PATCH', `${API}/user/${u.id}`, { token: u.token, body });
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

describe(`quiet hours (${dbKind})`, { timeout: 60_000 }, () => {
  it("families start with quiet nights in their browser's zone; teachers are never quiet until they choose", async () => {
    const parent = await signUp(s, { accountTypeRadio: 'parent_user', timeZone: 'Asia/Hong_Kong' });
    expect(await me(parent)).toMatchObject({ quietHoursStart: '20:00', quietHoursEnd: '07:00', timeZone: 'Asia/Hong_Kong' });
    const teacher = await signUp(s);
    expect(await me(teacher)).toMatchObject({ quietHoursStart: null, quietHoursEnd: null, timeZone: 'UTC' });
  });

  it('are changed on the profile, and refused with a violation when not a time or a zone', async () => {
    const u = await signUp(s, { accountTypeRadio: 'parent_user' });
    for (const [body, path] of [
      [{ quietHoursStart: '25:00' }, 'quietHoursStart'],
      [{ quietHoursEnd: '7:00' }, 'quietHoursEnd'],
      [{ quietHoursStart: 2100 }, 'quietHoursStart'],
      // HH:mm on the 24-hour clock only: neither a browser's seconds nor AM/PM.
      [{ quietHoursStart: '21:00:00' }, 'quietHoursStart'],
      [{ quietHoursEnd: '7:00 AM' }, 'quietHoursEnd'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: 'x'.repeat(300) }, 'timeZone'],
    ] as const) {
      const res = await patch(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([path]);
    }
    expect(await me(u)).toMatchObject({ quietHoursStart: '20:00', quietHoursEnd: '07:00', timeZone: 'UTC' });
    const ok = await patch(u, { quietHoursStart: '21:30', quietHoursEnd: '06:45', timeZone: 'Europe/Madrid' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ quietHoursStart: '21:30', quietHoursEnd: '06:45', timeZone: 'Europe/Madrid' });
    expect((await patch(u, { quietHoursStart: null, quietHoursEnd: null })).json()).toMatchObject({ quietHoursStart: null });
  });

  it('hold a push until they end, in a job of its own; outside them it goes at once', async () => {
    const u = await signUp(s, { accountTypeRadio: 'parent_user' });
    const sub = push.subscription('quiet');
    expect((await s.api('POST', `${API}/firebase-token`, { token: u.token, body: { token: sub.token } })).statusCode).toBe(201);
    // Quiet from an hour ago to an hour from now, in UTC, whatever the time of the run.
    const now = Date.now();
    await patch(u, { quietHoursStart: hhmm(new Date(now - 3600_000)), quietHoursEnd: hhmm(new Date(now + 3600_000)), timeZone: 'UTC' });
    const [row] = await notificationsRepository.insertMany(s.ctx.db, [
      { userId: u.id, notificationType: 3, entityType: 13, entityId: 1, title: 'Late', message: 'Sent in the quiet hours', path: null },
    ]);
    await pushService.announce(s.ctx.jobs.send.bind(s.ctx.jobs), row!.id);
    const first = await s.ctx.jobs.waitFor('push', pushJobId(row!.id));
    expect(first.state).toBe('completed');
    const until = new Date((first.output as { waiting: string }).waiting);
    expect(Math.abs(until.getTime() - (now + 3600_000))).toBeLessThan(120_000);
    const held = await s.ctx.jobs.get('push', pushJobId(row!.id, until));
    expect(held?.state).toBe('created');
    expect(new Date(held!.startAfter).getTime()).toBe(until.getTime());
    expect(push.received.filter((p) => p.path === sub.path)).toHaveLength(0);
    expect((await notificationsRepository.findById(s.ctx.db, row!.id))?.pushedAt).toBeNull();

    // Quiet hours turned off: the next one goes at once.
    await patch(u, { quietHoursStart: null, quietHoursEnd: null });
    const [next] = await notificationsRepository.insertMany(s.ctx.db, [
      { userId: u.id, notificationType: 3, entityType: 13, entityId: 1, title: 'Day', message: 'Sent by day', path: null },
    ]);
    await pushService.announce(s.ctx.jobs.send.bind(s.ctx.jobs), next!.id);
    expect((await s.ctx.jobs.waitFor('push', pushJobId(next!.id))).output).toEqual({ sent: 1 });
  });
});
