import { eq } from 'drizzle-orm';
import { media, studentProfileUsers, subscriptionMembers, subscriptions, teachingClasses, teachingClassTeachers } from '../src/db/schema';
import { afterAll, beforeAll } from 'vitest';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { signUp, startTestServer, type TestServer } from './harness';

export const API = '/api/auth/v1';
export type TestUser = Awaited<ReturnType<typeof signUp>>;

/** A subscription with its teachers and evaluators, written straight to the database (the admin tool's job). */
export async function makeSubscription(
  s: TestServer,
  o: { teachers?: TestUser[]; evaluators?: TestUser[]; canCreateIndividual?: boolean; name?: string } = {},
) {
  const [sub] = await s.ctx.db
    .insert(subscriptions)
    .values({ name: o.name ?? 'Test plan', start: '2026-01-01', end: '2027-12-31', canCreateIndividual: o.canCreateIndividual ?? false })
    .returning();
  for (const u of o.teachers ?? [])
    await s.ctx.db.insert(subscriptionMembers).values({ subscriptionId: sub!.id, userId: u.id, role: 'teacher' });
  for (const u of o.evaluators ?? [])
    await s.ctx.db.insert(subscriptionMembers).values({ subscriptionId: sub!.id, userId: u.id, role: 'evaluator' });
  return sub!;
}

/** A media row as if uploaded (or, without uploader, from the predefined catalogue). */
export async function makeMedia(s: TestServer, mediaType: number, uploaderId: number | null = null) {
  const [row] = await s.ctx.db
    .insert(media)
    .values({
      fileName: 'a.png',
      fileOriginalName: 'a.png',
      mimeType: 'image/png',
      size: 10,
      fileDimensions: '64x64',
      mediaType,
      storageKey: `test/${Math.random()}`,
      uploaderId,
    })
    .returning();
  return row!;
}

export const classBody = (o: Record<string, unknown> = {}) => ({
  name: 'Year 4 Maple',
  year: 2026,
  start: '2026-09-01',
  end: '2027-07-15',
  grade: '4',
  term: 'Autumn',
  ...o,
});

export async function createClass(s: TestServer, u: TestUser, o: Record<string, unknown> = {}) {
  const res = await s.api('POST', `${API}/teaching-class`, { token: u.token, body: classBody(o) });
  if (res.statusCode !== 201) throw new Error(`class create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function addStudent(s: TestServer, u: TestUser, classId: number, o: Record<string, unknown> = {}) {
  const res = await s.api('POST', `${API}/teaching-class-student`, {
    token: u.token,
    body: { teachingClass: `${API}/teaching-class/${classId}`, firstName: 'Ana', lastName: 'Silva', ...o },
  });
  if (res.statusCode !== 201) throw new Error(`student create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const addCoTeacher = (s: TestServer, classId: number, u: TestUser) =>
  s.ctx.db.insert(teachingClassTeachers).values({ teachingClassId: classId, teacherId: u.id });

/** Links a user to a place's student, as an approved student-profile invitation will. */
export const linkUser = (s: TestServer, place: { id: number; student: string; teachingClass: string | { '@id': string } }, u: TestUser) => {
  const cls = typeof place.teachingClass === 'string' ? place.teachingClass : place.teachingClass['@id'];
  const id = (ref: string) => Number(ref.split('/').pop());
  return s.ctx.db
    .insert(studentProfileUsers)
    .values({ studentId: id(place.student), userId: u.id, teachingClassStudentId: place.id, teachingClassId: id(cls) });
};

export const classRow = async (s: TestServer, id: number) =>
  (await s.ctx.db.select().from(teachingClasses).where(eq(teachingClasses.id, id)))[0];

/**
 * Everyone DESIGN §2 tells apart, around one class with two students: its creator, a co-teacher, an evaluator
 * of its subscription, a parent linked to the first student, a stranger, and no one (anonymous).
 */
export async function classWithRoles(s: TestServer) {
  const [creator, coteacher, evaluator, linked, stranger] = await Promise.all([
    signUp(s),
    signUp(s),
    signUp(s),
    signUp(s, { accountTypeRadio: 'parent_user' }),
    signUp(s),
  ]);
  const sub = await makeSubscription(s, { teachers: [creator], evaluators: [evaluator] });
  const cls = await createClass(s, creator, { subscription: `${API}/subscription/${sub.id}` });
  await addCoTeacher(s, cls.id, coteacher);
  const first = await addStudent(s, creator, cls.id, { firstName: 'Amara', lastName: 'Okafor' });
  const second = await addStudent(s, creator, cls.id, { firstName: 'Bao', lastName: 'Nguyen' });
  await linkUser(s, first, linked);
  return { creator, coteacher, evaluator, linked, stranger, sub, cls, first, second };
}

/**
 * One server and the class world of `classWithRoles` per test file: `const t = withClassRoles(); … t.s, t.w`. With
 * `skills`, the catalogue's skills are seeded first, so the class uses them.
 */
export function withClassRoles(env: Record<string, string> = {}, o: { skills?: boolean } = {}) {
  const t = {} as { s: TestServer; w: Awaited<ReturnType<typeof classWithRoles>> };
  beforeAll(async () => {
    t.s = await startTestServer(env);
    if (o.skills) await seedLearningSkills(t.s.ctx);
    t.w = await classWithRoles(t.s);
  }, 300_000);
  afterAll(() => t.s?.close());
  return t;
}
