import { count, eq, gt, lt, or, sql } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings, students, teachingClasses } from '../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { API, makeMedia } from '../../test/classes';
import { DEMO_PASSWORD } from '../modules/system/demo-accounts';
import { seedDemo } from './demo';
import { seedSkills } from '../../test/ratings';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const login = async (username: string) =>
  (await s.api('POST', '/api/public/v1/login_check', { body: { username, password: DEMO_PASSWORD } })).json().token as string;
const get = async (username: string, url: string) => (await s.api('GET', url, { token: await login(username) })).json();

describe('demo data', { timeout: 120_000 }, () => {
  it('seeds a subscription with an evaluator, three classes with students, a co-teacher and a linked parent, once', async () => {
    for (let i = 0; i < 3; i++) await makeMedia(s, MediaType.PredefinedStudentAvatar);
    await seedSkills(s);
    expect(await seedDemo(s.ctx.db, s.ctx.files)).toBe(true);

    const own = await get('teacher', `${API}/teaching-classes`);
    expect(own['hydra:member'].map((c: { name: string; userType: number }) => [c.name, c.userType])).toEqual([
      ['Reading support: Tomás', 0],
      ['Year 4 Sunflowers', 0],
      ['Year 5 Explorers', 0],
    ]);
    const counts = own['hydra:member'].map((c: { numStudents: number }) => c.numStudents);
    expect(counts[0]).toBe(1);
    expect(counts.slice(1).every((n: number) => n >= 8 && n <= 12)).toBe(true);
    expect((await get('teacher', `${API}/teaching-classes?isFinished=1`))['hydra:member'][0].name).toBe('Year 5 Explorers');

    const co = await get('coteacher', `${API}/teaching-classes`);
    expect(co['hydra:member'].map((c: { name: string; userType: number }) => [c.name, c.userType])).toEqual([['Year 4 Sunflowers', 1]]);
    const ev = await get('evaluator', `${API}/teaching-classes`);
    expect(ev['hydra:member'].map((c: { userType: number }) => c.userType)).toEqual([2, 2]);
    const subs = await get('evaluator', `${API}/subscriptions?itemsPerPage=1000`);
    expect(subs['hydra:member']).toMatchObject([{ name: 'Riverside Primary 2026', canCreateIndividual: true, userRoles: ['evaluator'] }]);

    const child = await get('parent', `${API}/teaching-class-students`);
    expect(child['hydra:member'].map((p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`)).toEqual([
      'Ella Taylor',
    ]);
    expect(child['hydra:member'][0].avatar.mediaType).toBe(MediaType.PredefinedStudentAvatar);

    const before = [
      (await s.ctx.db.select({ n: count() }).from(teachingClasses))[0]!.n,
      (await s.ctx.db.select({ n: count() }).from(students))[0]!.n,
    ];
    expect(await seedDemo(s.ctx.db)).toBe(false);
    expect([
      (await s.ctx.db.select({ n: count() }).from(teachingClasses))[0]!.n,
      (await s.ctx.db.select({ n: count() }).from(students))[0]!.n,
    ]).toEqual(before);
  });

  it("gives the Sunflowers a term of ratings with photos, so the reports are full at once; the parent sees Ella's", async () => {
    const [sunflowers] = (await get('teacher', `${API}/teaching-classes?isFinished=0`))['hydra:member'].filter(
      (c: { name: string }) => c.name === 'Year 4 Sunflowers',
    );
    const report = await get('coteacher', `${API}/report/class/${sunflowers.id}`);
    expect(report.totals.ratings).toBeGreaterThan(30);
    expect(report.totals.students).toBe(sunflowers.numStudents);
    expect(report.skills.filter((k: { ratings: number }) => k.ratings > 0).length).toBeGreaterThanOrEqual(6);
    expect(report.media.length).toBeGreaterThan(0);
    // DESIGN §12: the catalogue's stages on every skill, and the social and emotional framework adopted beside it.
    const skills = (await get('teacher', `${API}/teaching-class/${sunflowers.id}/learning-skills`))['hydra:member'];
    expect(skills.filter((k: { framework: string }) => k.framework === 'social-emotional')).toHaveLength(5);
    expect(skills.every((k: { stages: unknown[] }) => k.stages.length === 4)).toBe(true);
    const grid = await get('teacher', `${API}/growth/class/${sunflowers.id}`);
    expect(grid.students.some((x: { skills: { stage: number | null }[] }) => x.skills.some((c) => c.stage !== null))).toBe(true);
    // Three students not observed in 14 days: the coverage banner and the dashboard's count have someone to show.
    const coverage = await get('teacher', `${API}/coverage/class/${sunflowers.id}`);
    const quiet = coverage.notObserved.map((x: { firstName: string; lastName: string }) => `${x.firstName} ${x.lastName}`).sort();
    expect(quiet).toEqual(['Aisha Rahman', 'Liam Chen', 'Yuki Tanaka']);
    const listed = (await get('teacher', `${API}/teaching-classes`))['hydra:member'];
    expect(listed.find((c: { id: number }) => c.id === sunflowers.id).notObserved).toBe(3);
    const photo = await s.app.inject({ method: 'GET', url: report.media[0].media.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const ella = (await get('parent', `${API}/teaching-class-students`))['hydra:member'][0];
    const own = await get('parent', `${API}/report/student/${ella.student.split('/').pop()}`);
    expect(own.totals.ratings).toBeGreaterThan(5);
    expect(own.totals.wholeClassRatings).toBeGreaterThan(0);
    const feed = await get('evaluator', `${API}/ratings?teachingClass.id=${sunflowers.id}`);
    expect(feed['hydra:member'][0].date <= new Date().toISOString().slice(0, 10)).toBe(true);
    // DESIGN §7: every seeded rating lies within its class's dates and not after today, as the API would require.
    const [outside] = await s.ctx.db
      .select({ n: count() })
      .from(ratings)
      .innerJoin(teachingClasses, eq(teachingClasses.id, ratings.teachingClassId))
      .where(or(lt(ratings.date, teachingClasses.start), gt(ratings.date, teachingClasses.end), gt(ratings.date, sql`current_date`)));
    expect(outside!.n).toBe(0);
    expect((await s.ctx.db.select({ n: count() }).from(ratings))[0]!.n).toBeGreaterThan(30);
  });

  it("gives the parent an approved and a waiting home observation of Ella's (DESIGN §11); the teachers see the waiting one", async () => {
    const ella = (await get('parent', `${API}/teaching-class-students`))['hydra:member'][0];
    const mine = await get('parent', `${API}/home-observations?teachingClassStudent.id=${ella.id}`);
    expect(mine['hydra:member'].map((o: { status: string }) => o.status)).toEqual(['pending', 'approved']);
    const rating = await get('parent', mine['hydra:member'][1].rating);
    expect(rating).toMatchObject({ source: 'home', students: [ella['@id']] });
    const classId = ella.teachingClass.split('/').pop();
    const waiting = await get('coteacher', `${API}/home-observations?teachingClass.id=${classId}&status=pending`);
    expect(waiting['hydra:member']).toMatchObject([{ studentName: { firstName: 'Ella' }, status: 'pending' }]);
    // Within the class's dates and not after today, as the API would require.
    const [outside] = await s.ctx.db
      .execute(
        sql`select count(*)::int as n from home_observation h join teaching_class c on c.id = h.teaching_class_id
        where h.date < c.start or h.date > c.end or h.date > current_date`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(outside!.n).toBe(0);
  });

  it("switches self-assessment on in Ella's class, where her own account rated herself twice (DESIGN §12)", async () => {
    const ella = (await get('student', `${API}/teaching-class-students`))['hydra:member'][0];
    const own = await get('student', `${API}/self-assessments?teachingClassStudent.id=${ella.id}`);
    expect(own['hydra:totalItems']).toBe(2);
    const seen = await get('teacher', `${API}/self-assessments?teachingClassStudent.id=${ella.id}`);
    expect(seen['hydra:member'].map((x: { reflection: string }) => x.reflection)).toEqual(
      own['hydra:member'].map((x: { reflection: string }) => x.reflection),
    );
    expect((await get('teacher', ella.teachingClass)).selfAssessment).toBe(true);
  });

  it('seeds requests and notifications that the demo accounts can act on', async () => {
    const types = async (username: string) =>
      (await get(username, `${API}/notifications?isRead=false`))['hydra:member'].map(
        (n: { notificationType: number }) => n.notificationType,
      );
    expect(await types('teacher')).toEqual([4, 6, 12]);
    expect(await types('coteacher')).toEqual([6, 12]);
    expect(await types('parent')).toEqual([10, 10, 7]);
    const joins = await get('teacher', `${API}/teaching-class-teacher-invitations?isPending=1`);
    expect(
      joins['hydra:member'].map((i: { teacher: { firstName: string }; teachingClass: { name: string } }) => [
        i.teacher.firstName,
        i.teachingClass.name,
      ]),
    ).toEqual([['Daniel', 'Reading support: Tomás']]);
    const links = await get('parent', `${API}/student-profile-users`);
    expect(links['hydra:member']).toMatchObject([{ student: { firstName: 'Ella' }, isViaInvitation: true }]);
    const asks = await get('coteacher', `${API}/student-profile-user-invitations?isPending=1`);
    expect(asks['hydra:member']).toMatchObject([
      { student: { firstName: 'Liam' }, user: { firstName: 'Sam', accountType: 'parent_user' } },
    ]);
  });
});
