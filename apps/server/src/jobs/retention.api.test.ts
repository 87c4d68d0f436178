import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { EntityType, MediaType, NotificationType } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import {
  addCoTeacher,
  addStudent,
  API,
  classRow,
  createClass,
  linkUser,
  makeMedia,
  makeSubscription,
  type TestUser,
} from '../../test/classes';
import { classSkills, rate, seedSkills } from '../../test/ratings';
import { runAdminCommand } from '../cli/admin-commands';
import {
  media,
  notifications,
  ratingMedias,
  ratings,
  studentProfileUsers,
  students,
  teachingClasses,
  teachingClassStudents,
} from '../db/schema';
import type { JobContext } from './job-definition';
import { runRetention } from './retention.job';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
});
afterAll(() => s.close());

/** Each test counts what the job does to its own classes only. */
const removeAllClasses = async () => {
  const ids = (await s.ctx.db.select({ id: teachingClasses.id }).from(teachingClasses)).map((c) => c.id);
  if (ids.length) await s.ctx.db.delete(teachingClasses).where(inArray(teachingClasses.id, ids));
};

const ctx = (retentionDays = 730): JobContext => ({
  db: s.ctx.db,
  files: s.ctx.files,
  config: { ...s.ctx.config, retentionDays },
  log: s.ctx.log,
  mailer: s.ctx.mailer,
  push: s.ctx.push,
});
const day = (iso: string) => new Date(`${iso}T09:30:00Z`);
const typeNine = (classId: number) =>
  s.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.notificationType, NotificationType.RetentionDue), eq(notifications.entityId, classId)));

/** A finished class (finished on `finishedOn`) with a co-teacher, an evaluator, a student with a parent, and a rating with a photo. */
async function finishedClass(finishedOn: string, name = 'Year 4 Maple') {
  const [creator, coteacher, evaluator, parent] = await Promise.all([
    signUp(s),
    signUp(s, { preferredLanguage: 'es' }),
    signUp(s),
    signUp(s, { accountTypeRadio: 'parent_user' }),
  ]);
  const sub = await makeSubscription(s, { teachers: [creator], evaluators: [evaluator] });
  const cls = await createClass(s, creator, { name, subscription: `${API}/subscription/${sub.id}` });
  await addCoTeacher(s, cls.id, coteacher);
  const place = await addStudent(s, creator, cls.id, { firstName: 'Amara', lastName: 'Okafor' });
  await linkUser(s, place, parent);
  const [skill] = await classSkills(s, creator, cls.id);
  const rating = await rate(s, creator, cls.id, skill!.learningActions[0]!.id, { students: [place['@id']] });
  const photo = await makeMedia(s, MediaType.RatingPhoto, creator.id);
  await s.ctx.files.put(photo.storageKey, Buffer.from('photo'));
  await s.ctx.db.insert(ratingMedias).values({ ratingId: rating.id, mediaId: photo.id });
  expect((await s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: creator.token, body: { isFinished: true } })).statusCode).toBe(
    200,
  );
  // The controllable clock: the class finished on that day.
  await s.ctx.db
    .update(teachingClasses)
    .set({ finishedAt: day(finishedOn) })
    .where(eq(teachingClasses.id, cls.id));
  return { creator, coteacher, evaluator, parent, cls, place, rating, photo, studentId: Number(String(place.student).split('/').pop()) };
}

describe('finishing and reopening a class (retention counts from the finish, DESIGN §6)', () => {
  it('stamps the finish, and clears it and any notice when reopened or when the end date moves', async () => {
    const t = await signUp(s);
    const cls = await createClass(s, t);
    expect((await classRow(s, cls.id))!.finishedAt).toBeNull();
    const patch = (body: object) => s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: t.token, body });
    await patch({ isFinished: true });
    const finished = (await classRow(s, cls.id))!;
    expect(finished.finishedAt).toBeInstanceOf(Date);
    // A finished class is read-only (DESIGN §7): the rename is refused and the stamp stays.
    expect((await patch({ isFinished: true, name: 'Renamed' })).statusCode).toBe(409);
    expect((await classRow(s, cls.id))!.finishedAt).toEqual(finished.finishedAt);
    await s.ctx.db.update(teachingClasses).set({ retentionNoticeAt: new Date() }).where(eq(teachingClasses.id, cls.id));
    await patch({ isFinished: false });
    expect(await classRow(s, cls.id)).toMatchObject({ isFinished: false, finishedAt: null, retentionNoticeAt: null });
    await s.ctx.db.update(teachingClasses).set({ retentionNoticeAt: new Date() }).where(eq(teachingClasses.id, cls.id));
    await patch({ end: '2027-06-30' });
    expect((await classRow(s, cls.id))!.retentionNoticeAt).toBeNull();
    const born = await createClass(s, t, { isFinished: true });
    expect((await classRow(s, born.id))!.finishedAt).toBeInstanceOf(Date);
  });
});

describe('the retention job (DESIGN §6, notification type 9)', () => {
  afterEach(removeAllClasses);

  it("tells the class's teachers once, thirty days before, in their language, with the date and the class page", async () => {
    // Finished on 10/01/2024: due 730 days later, on 09/01/2026; told from 10/12/2025.
    const w = await finishedClass('2024-01-10', 'Oak 2023');
    expect(await runRetention(ctx(), day('2025-12-09'))).toEqual({ notified: 0, erased: 0 });
    expect(await typeNine(w.cls.id)).toEqual([]);
    expect(await runRetention(ctx(), day('2025-12-10'))).toEqual({ notified: 1, erased: 0 });
    const sent = await typeNine(w.cls.id);
    expect(sent.map((n) => n.userId).sort()).toEqual([w.creator.id, w.coteacher.id].sort());
    for (const n of sent)
      expect(n).toMatchObject({
        entityType: EntityType.TeachingClass,
        entityId: w.cls.id,
        path: `/teaching-class/${w.cls.id}`,
        isRead: false,
      });
    expect(sent.find((n) => n.userId === w.creator.id)).toMatchObject({
      title: 'Class records will be deleted',
      message: expect.stringMatching(/^The records of Oak 2023 .* will be deleted on 09\/01\/2026\. Export the class/),
    });
    expect(sent.find((n) => n.userId === w.coteacher.id)!.message).toMatch(/^Los registros de Oak 2023 .* se eliminarán el 09\/01\/2026\./);
    // The teachers see it in their list, as any notification.
    const list = (await s.api('GET', `${API}/notifications`, { token: w.creator.token })).json();
    expect(list['hydra:member'][0]).toMatchObject({
      notificationType: 9,
      entityType: 14,
      entityId: w.cls.id,
      path: `/teaching-class/${w.cls.id}`,
    });
    // Not again: the same day, later, or by two runs at once.
    await runRetention(ctx(), day('2025-12-10'));
    await Promise.all([runRetention(ctx(), day('2025-12-20')), runRetention(ctx(), day('2025-12-21'))]);
    expect(await typeNine(w.cls.id)).toHaveLength(2);
    expect((await classRow(s, w.cls.id))!.retentionNoticeAt).toEqual(day('2025-12-10'));
  });

  it('erases the class on its due date: ratings, media and files, places, links, and the student left in no class', async () => {
    const w = await finishedClass('2024-02-01');
    const other = await finishedClass('2024-06-01');
    await runRetention(ctx(), day('2026-01-01'));
    expect(await runRetention(ctx(), day('2026-01-30'))).toEqual({ notified: 0, erased: 0 });
    expect(await classRow(s, w.cls.id)).toBeDefined();
    expect(await runRetention(ctx(), day('2026-01-31'))).toEqual({ notified: 0, erased: 1 });
    expect(await classRow(s, w.cls.id)).toBeUndefined();
    expect(await s.ctx.db.select().from(ratings).where(eq(ratings.id, w.rating.id))).toEqual([]);
    expect(await s.ctx.db.select().from(media).where(eq(media.id, w.photo.id))).toEqual([]);
    expect(await s.ctx.files.size(w.photo.storageKey)).toBeNull();
    expect(await s.ctx.db.select().from(teachingClassStudents).where(eq(teachingClassStudents.id, w.place.id))).toEqual([]);
    expect(await s.ctx.db.select().from(studentProfileUsers).where(eq(studentProfileUsers.userId, w.parent.id))).toEqual([]);
    expect(await s.ctx.db.select().from(students).where(eq(students.id, w.studentId))).toEqual([]);
    // The notices pointed into the class: they go with it.
    expect(await typeNine(w.cls.id)).toEqual([]);
    // The other class is not due yet and keeps everything.
    expect(await classRow(s, other.cls.id)).toBeDefined();
    expect(await s.ctx.files.size(other.photo.storageKey)).toBe(5);
  });

  it('keeps records forever with RETENTION_DAYS=0: no notice, nothing erased', async () => {
    const w = await finishedClass('2015-03-01');
    expect(await runRetention(ctx(0), day('2026-11-24'))).toEqual({ notified: 0, erased: 0 });
    expect(await typeNine(w.cls.id)).toEqual([]);
    expect(await classRow(s, w.cls.id)).toBeDefined();
  });

  it('no longer counts a class that was reopened after its notice', async () => {
    const w = await finishedClass('2024-03-01');
    await runRetention(ctx(), day('2026-02-01'));
    expect(await typeNine(w.cls.id)).toHaveLength(2);
    expect(
      (await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { isFinished: false } })).statusCode,
    ).toBe(200);
    // Running again: its end date (15/07/2027) plus 90 days plus RETENTION_DAYS is years away.
    expect(await runRetention(ctx(), day('2026-03-01'))).toEqual({ notified: 0, erased: 0 });
    expect(await runRetention(ctx(), day('2029-09-11'))).toEqual({ notified: 0, erased: 0 });
    expect(await classRow(s, w.cls.id)).toMatchObject({ isFinished: false, retentionNoticeAt: null });
    // 15/07/2027 + 90 + 730 days = 12/10/2029: told on 12/09/2029.
    expect(await runRetention(ctx(), day('2029-09-12'))).toEqual({ notified: 1, erased: 0 });
    expect((await typeNine(w.cls.id)).at(-1)!.message).toContain('12/10/2029');
  });

  it('leaves thirty days after a late notice (a class already past its date when the rule began)', async () => {
    const w = await finishedClass('2019-05-05');
    expect(await runRetention(ctx(), day('2026-11-24'))).toEqual({ notified: 1, erased: 0 });
    expect((await typeNine(w.cls.id))[0]!.message).toContain('24/12/2026');
    expect(await runRetention(ctx(), day('2026-12-23'))).toMatchObject({ erased: 0 });
    expect(await runRetention(ctx(), day('2026-12-24'))).toMatchObject({ erased: 1 });
    expect(await classRow(s, w.cls.id)).toBeUndefined();
  });

  it('runs as the scheduled job on the queue', async () => {
    const w = await finishedClass('2024-04-01');
    await s.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5 });
    try {
      expect(await s.ctx.jobs.runNow('retention', { now: '2026-03-02T08:00:00Z' })).toMatchObject({
        state: 'completed',
        output: { notified: 1, erased: 0 },
      });
      expect(await s.ctx.jobs.runNow('retention', { now: '2026-04-01T08:00:00Z' })).toMatchObject({
        state: 'completed',
        output: { notified: 0, erased: 1 },
      });
    } finally {
      await s.ctx.jobs.stop(1000);
    }
    expect(await classRow(s, w.cls.id)).toBeUndefined();
  });
});

describe('the admin listing `retention`', () => {
  let w: Awaited<ReturnType<typeof finishedClass>>;
  let t: TestUser;
  beforeAll(async () => {
    await removeAllClasses();
    w = await finishedClass('2024-07-01', 'Birch 2023');
    t = await signUp(s);
    await createClass(s, t, { name: 'Running class' });
  });

  it('lists what is due and when: class, teachers, due date, day of deletion, notified', async () => {
    const before = await runAdminCommand(s.ctx.db, ['retention'], { retentionDays: 730, now: day('2026-05-01') });
    expect(before).toContain('Records are deleted 730 days after a class is finished (90 more days after its end date when it never was)');
    expect(before).toMatch(
      new RegExp(`${w.cls.id}\\s+Birch 2023\\s+${w.creator.username}, ${w.coteacher.username}\\s+2026-07-01\\s+2026-07-01\\s+no`),
    );
    expect(before).not.toContain('Running class');
    await runRetention(ctx(), day('2026-06-05'));
    const after = await runAdminCommand(s.ctx.db, ['retention', '--within', '30'], { retentionDays: 730, now: day('2026-06-05') });
    expect(after).toMatch(new RegExp(`${w.cls.id}\\s+Birch 2023\\s+.*\\s+2026-07-01\\s+2026-07-05\\s+2026-06-05`));
    expect(await runAdminCommand(s.ctx.db, ['retention', '--within', '10'], { retentionDays: 730, now: day('2026-05-01') })).toMatch(
      /Due within 10 days or sooner:\n\(none\)$/,
    );
    expect(await runAdminCommand(s.ctx.db, ['retention', '--within', '2000'], { retentionDays: 730, now: day('2026-05-01') })).toContain(
      'Running class',
    );
  });

  it('says that nothing is due when records are kept forever, and refuses a bad --within', async () => {
    expect(await runAdminCommand(s.ctx.db, ['retention'], { retentionDays: 0 })).toBe(
      'RETENTION_DAYS is 0: records are kept forever, nothing is due.',
    );
    await expect(runAdminCommand(s.ctx.db, ['retention', '--within', 'soon'])).rejects.toThrow(
      '--within must be a number of days (0 to 36500).',
    );
    await expect(runAdminCommand(s.ctx.db, ['retention', '--within', '-3'])).rejects.toThrow();
  });

  it('publishes RETENTION_DAYS in the public configuration (the privacy page says it)', async () => {
    expect((await s.api('GET', '/api/public/v1/config')).json()).toMatchObject({ retentionDays: 730 });
  });
});
