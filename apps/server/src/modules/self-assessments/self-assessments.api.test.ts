import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { GROWTH_MESSAGES, MediaType, SELF_ASSESSMENT_MESSAGES, SELF_ASSESSMENT_REFLECTION_MAX } from '@skillroom/contract';
import { learningSkills, teachingClassLearningSkills } from '../../db/schema';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { expectErased, keysOf, uploadImage } from '../../../test/erasure';
import { flushAccessLog, resetAccessLogWindow } from '../../records/access-log';
import { placeIri as place, selfAssessmentBody, studentsOfPlaces } from '../../../test/self-assessments';

/** DESIGN §12 "Self-assessment": the student rates themself; the class's members and the family read it; §2 for every role. */
const t = withClassRoles({}, { skills: true });
let student: TestUser;
let otherStudent: TestUser;
let skillId: number;

const idOf = (ref: string) => Number(ref.split('/').pop());
const body = (placeId: number, o: Record<string, unknown> = {}) => selfAssessmentBody(skillId, placeId, o);
const post = (u: TestUser | null, b: Record<string, unknown>, key?: string) =>
  t.s.api('POST', `${API}/self-assessment`, { token: u?.token, body: b, headers: key ? { 'idempotency-key': key } : {} });
// drizzle's execute answers each driver's own result (PGlite's, pg's); both carry `rows`, read as the query selects.
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.s.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async () => (await rows<{ n: number }>(sql`select count(*)::int n from self_assessment`))[0]!.n;
const setSwitch = (on: boolean) =>
  t.s.api('PATCH', `${API}/teaching-class/${t.w.cls.id}`, { token: t.w.creator.token, body: { selfAssessment: on } });
const list = (u: TestUser | null, q: string) => t.s.api('GET', `${API}/self-assessments?${q}`, { token: u?.token });

describe(`self-assessment (${dbKind})`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    ({ student, otherStudent, skillId } = await studentsOfPlaces(t.s, t.w));
  });

  it('is refused while the class switch is off (403) and for everyone but the student; then written once per key', async () => {
    const { w } = t;
    const before = await count();
    const off = await post(student, body(w.first.id));
    expect(off.statusCode, off.body).toBe(403);
    expect(off.json()['hydra:description']).toBe(SELF_ASSESSMENT_MESSAGES.switchedOff);
    // Only the class creator turns it on.
    for (const u of [w.coteacher, w.evaluator]) {
      const res = await t.s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: u.token, body: { selfAssessment: true } });
      expect(res.statusCode).toBe(403);
    }
    expect((await setSwitch(true)).statusCode).toBe(200);
    expect((await post(null, body(w.first.id))).statusCode).toBe(401);
    // The class's members and the family know the place but may not speak for the child: 403.
    for (const u of [w.creator, w.coteacher, w.evaluator, w.linked]) {
      const res = await post(u, body(w.first.id));
      expect(res.statusCode, res.body).toBe(403);
    }
    // A stranger, and another child's student account, do not know this place: 400 on it.
    for (const u of [w.stranger, otherStudent]) {
      const res = await post(u, body(w.first.id));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('teachingClassStudent');
    }
    expect(await count()).toBe(before);
    const key = randomUUID();
    const res = await post(student, body(w.first.id), key);
    expect(res.statusCode, res.body).toBe(201);
    const again = await post(student, body(w.first.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json().id).toBe(res.json().id);
    expect(await count()).toBe(before + 1);
    expect(res.json()).toMatchObject({
      '@type': 'SelfAssessment',
      teachingClassStudent: place(w.first.id),
      points: 4,
      stage: { points: 4, name: 'Secure' },
      creator: { id: student.id },
    });
  });

  it('refuses bad input with the field named, and writes nothing', async () => {
    const { w } = t;
    expect((await setSwitch(true)).statusCode).toBe(200);
    // A skill of two stages, 2 and 4, that the class uses; and one it does not use.
    const [narrow] = await t.s.ctx.db
      .insert(learningSkills)
      .values({
        name: 'Narrow',
        colorCode: '#336699',
        stages: [2, 4].map((points) => ({ points, name: `S${points}`, description: '', key: null })),
      })
      .returning();
    await t.s.ctx.db.insert(teachingClassLearningSkills).values({ teachingClassId: w.cls.id, learningSkillId: narrow!.id });
    const [unused] = await t.s.ctx.db.insert(learningSkills).values({ name: 'Unused', colorCode: '#336699' }).returning();
    const before = await count();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ reflection: 'x'.repeat(SELF_ASSESSMENT_REFLECTION_MAX + 1) }, 'reflection'],
      [{ points: 6 }, 'points'],
      [{ points: 'four' }, 'points'],
      [{ learningSkill: `${API}/learning-skill/${narrow!.id}`, points: 1 }, 'points', GROWTH_MESSAGES.pointsOutsideStages],
      [{ learningSkill: `${API}/learning-skill/${narrow!.id}`, points: 5 }, 'points', GROWTH_MESSAGES.pointsOutsideStages],
      [{ learningSkill: `${API}/learning-skill/999999` }, 'learningSkill'],
      [{ learningSkill: `${API}/learning-skill/${unused!.id}` }, 'learningSkill', SELF_ASSESSMENT_MESSAGES.skillNotInClass],
      [{ teachingClassStudent: place(999999) }, 'teachingClassStudent'],
      // An unknown field names the body as a whole, as every write does (DESIGN §4).
      [{ stranger: true }, ''],
    ];
    for (const [o, path, message] of cases) {
      const res = await post(student, body(w.first.id, o));
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      const v = res.json().violations as { propertyPath: string; message: string }[];
      expect(v.map((x) => x.propertyPath)).toContain(path);
      if (message) expect(v.find((x) => x.propertyPath === path)!.message).toBe(message);
    }
    // Someone else's upload is no attachment of the student's.
    const theirs = await uploadImage(t.s, w.creator.token, MediaType.RatingPhoto);
    const refused = await post(student, body(w.first.id, { medias: [theirs['@id']] }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().violations[0].propertyPath).toBe('medias.0');
    // Within the narrow skill's stages it is taken.
    const ok = await post(student, body(w.first.id, { learningSkill: `${API}/learning-skill/${narrow!.id}`, points: 3 }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().stage).toMatchObject({ points: 2, name: 'S2' });
    expect(await count()).toBe(before + 1);

    // A finished class: 409, whatever the switch.
    await t.s.ctx.db.execute(sql`update teaching_class set is_finished = true where id = ${w.cls.id}`);
    try {
      const res = await post(student, body(w.first.id));
      expect(res.statusCode, res.body).toBe(409);
    } finally {
      await t.s.ctx.db.execute(sql`update teaching_class set is_finished = false where id = ${w.cls.id}`);
    }
    expect(await count()).toBe(before + 1);
  });

  it('the class members, the student and their family read them; another family, another student and strangers do not', async () => {
    const { w } = t;
    expect((await setSwitch(true)).statusCode).toBe(200);
    const photo = await uploadImage(t.s, student.token, MediaType.RatingPhoto);
    const made = await post(student, body(w.first.id, { medias: [photo['@id']], points: 2 }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const q = `teachingClassStudent.id=${w.first.id}`;
    for (const u of [w.creator, w.coteacher, w.evaluator, w.linked, student]) {
      const res = await list(u, q);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json()['hydra:member'] as { id: number }[]).map((x) => x.id)).toContain(id);
      expect((await t.s.api('GET', `${API}/self-assessment/${id}`, { token: u.token })).statusCode).toBe(200);
      expect((await t.s.api('GET', `${API}/media/${photo.id}`, { token: u.token })).statusCode).toBe(200);
    }
    for (const u of [w.stranger, otherStudent]) {
      expect((await list(u, q)).statusCode).toBe(404);
      expect((await t.s.api('GET', `${API}/self-assessment/${id}`, { token: u.token })).statusCode).toBe(404);
      expect((await t.s.api('GET', `${API}/media/${photo.id}`, { token: u.token })).statusCode).not.toBe(200);
    }
    expect((await list(null, q)).statusCode).toBe(401);
    // Unfiltered, each sees what they may: the class's members and the child's accounts see it, a stranger nothing.
    for (const u of [w.creator, w.evaluator, w.linked, student]) {
      const all = (await list(u, '')).json()['hydra:member'] as { id: number }[];
      expect(all.map((x) => x.id)).toContain(id);
    }
    for (const u of [w.stranger, otherStudent]) {
      const res = await list(u, '');
      expect(res.statusCode).toBe(200);
      expect((res.json()['hydra:member'] as { id: number }[]).map((x) => x.id)).not.toContain(id);
    }
    expect((await list(w.creator, 'teachingClassStudent.id=abc')).statusCode).toBe(400);
    expect((await list(w.creator, `${q}&colour=red`)).statusCode).toBe(400);
    // The skill filter narrows; the newest first.
    const narrowed = await list(w.creator, `${q}&learningSkill.id=${skillId}`);
    const members = narrowed.json()['hydra:member'] as { id: number; learningSkill: { id: number } }[];
    expect(members[0]!.id).toBe(id);
    expect(members.every((m) => m.learningSkill.id === skillId)).toBe(true);
  });

  it("growth shows the student's own stage beside the teachers' and never counts it; the family's reads are logged", async () => {
    const { w } = t;
    expect((await setSwitch(true)).statusCode).toBe(200);
    expect((await post(student, body(w.first.id, { points: 5 }))).statusCode).toBe(201);
    const studentId = idOf(w.first.student);
    const res = await t.s.api('GET', `${API}/growth/student/${studentId}?teachingClassId=${w.cls.id}`, { token: w.creator.token });
    expect(res.statusCode, res.body).toBe(200);
    const skill = (res.json().skills as { learningSkill: string; ratings: number; now: { points: number | null }; self: unknown }[]).find(
      (s) => s.learningSkill === `${API}/learning-skill/${skillId}`,
    )!;
    expect(skill.self).toMatchObject({ points: 5, stage: { points: 5, name: 'Extending' } });
    expect(skill.ratings).toBe(0);
    expect(skill.now.points).toBeNull();
    // The class grid and coverage read ratings only.
    const grid = await t.s.api('GET', `${API}/growth/class/${w.cls.id}`, { token: w.creator.token });
    type Row = { teachingClassStudent: string; skills: { learningSkill: string; ratings: number; stage: number | null; self: unknown }[] };
    const students = grid.json().students as Row[];
    const cells = students.flatMap((x) => x.skills);
    expect(cells.every((c) => c.ratings === 0)).toBe(true);
    // The grid shows the child's own view in their cell, apart from the teachers' stage it never makes.
    const cell = students
      .find((x) => x.teachingClassStudent === place(w.first.id))!
      .skills.find((c) => c.learningSkill === `${API}/learning-skill/${skillId}`)!;
    expect(cell).toMatchObject({ ratings: 0, points: null, stage: null, self: { points: 5, stage: 5 } });
    expect(students.find((x) => x.teachingClassStudent === place(w.second.id))!.skills.every((c) => c.self === null)).toBe(true);
    // An evaluator's read of the grid reads those self-assessments: logged (DESIGN §6); a teacher's is not a disclosure.
    const logged = async (u: TestUser) =>
      (await rows<{ n: number }>(sql`select count(*)::int n from access_log where user_id = ${u.id} and detail = 'self-assessments'`))[0]!
        .n;
    await flushAccessLog(t.s.ctx.db);
    const before = { evaluator: await logged(w.evaluator), creator: await logged(w.creator) };
    resetAccessLogWindow();
    for (const u of [w.evaluator, w.creator])
      expect((await t.s.api('GET', `${API}/growth/class/${w.cls.id}`, { token: u.token })).statusCode).toBe(200);
    await flushAccessLog(t.s.ctx.db);
    expect(await logged(w.evaluator)).toBe(before.evaluator + 1);
    expect(await logged(w.creator)).toBe(before.creator);

    const parentRead = await list(w.linked, `teachingClassStudent.id=${w.first.id}`);
    expect(parentRead.statusCode).toBe(200);
    await expect
      .poll(async () => rows(sql`select 1 from access_log where user_id = ${w.linked.id} and detail = 'self-assessments'`), {
        timeout: 20_000,
      })
      .not.toHaveLength(0);
  });

  it("the export carries them (JSON and the readable page); the place's erasure takes them with their files", async () => {
    const { w } = t;
    expect((await setSwitch(true)).statusCode).toBe(200);
    const child = await addStudent(t.s, w.creator, w.cls.id, { firstName: 'Ema', lastName: 'Ito' });
    const me = await signUp(t.s, { accountTypeRadio: 'student_user' });
    await linkUser(t.s, child, me);
    const photo = await uploadImage(t.s, me.token, MediaType.RatingPhoto);
    const keys = await keysOf(t.s, photo.id);
    const reflection = 'I <b>listened</b> to everyone in my group.';
    const made = await post(me, body(child.id, { medias: [photo['@id']], reflection }));
    expect(made.statusCode, made.body).toBe(201);

    const exp = await t.s.api('GET', `${API}/export/student/${idOf(child.student)}`, { token: me.token });
    expect(exp.statusCode, exp.body.slice(0, 300)).toBe(200);
    const zip = await JSZip.loadAsync(exp.rawPayload);
    const json = JSON.parse(await zip.file('self-assessments.json')!.async('string'));
    expect(json.selfAssessments).toEqual([
      expect.objectContaining({ reflection, points: 4, stage: 'Secure', medias: [expect.objectContaining({ id: photo.id })] }),
    ]);
    const html = await zip.file('index.html')!.async('string');
    expect(html).toContain('I &lt;b&gt;listened&lt;/b&gt; to everyone in my group.');

    const gone = await t.s.api('DELETE', `${API}/teaching-class-student/${child.id}`, { token: w.creator.token });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await rows(sql`select 1 from self_assessment where id = ${made.json().id}`)).toHaveLength(0);
    await expectErased(t.s, [photo.id], keys);
  });

  it("the class's erasure takes them and their files", async () => {
    const { w } = t;
    expect((await setSwitch(true)).statusCode).toBe(200);
    const photo = await uploadImage(t.s, student.token, MediaType.RatingPhoto);
    const keys = await keysOf(t.s, photo.id);
    expect((await post(student, body(w.first.id, { medias: [photo['@id']] }))).statusCode).toBe(201);
    const res = await t.s.api('DELETE', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token });
    expect(res.statusCode, res.body).toBe(204);
    await expectErased(t.s, [photo.id], keys);
    expect(await rows(sql`select 1 from self_assessment where teaching_class_id = ${w.cls.id}`)).toHaveLength(0);
  });
});
