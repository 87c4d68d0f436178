import { sql } from 'drizzle-orm';
import { MediaType, NotificationType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, linkUser, makeMedia } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let actionId: number;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  actionId = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
});
afterAll(() => s.close());

const preview = (placeId: number, token?: string) => s.api('GET', `${API}/teaching-class-student/${placeId}/erasure`, { token });

describe('GET /teaching-class-student/{id}/erasure', () => {
  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 403],
    ['linked', 403],
    ['stranger', 404],
  ] as const)('answers %s with %i, as removing the student would', async (role, status) => {
    expect((await preview(w.first.id, w[role].token)).statusCode).toBe(status);
  });

  it('answers 401 signed out and 404 for a place that does not exist', async () => {
    expect((await preview(w.first.id)).statusCode).toBe(401);
    expect((await preview(987654, w.creator.token)).statusCode).toBe(404);
  });

  it('counts what removal erases and keeps, then removal erases exactly that and tells the family', async () => {
    const dana = await addStudent(s, w.creator, w.cls.id, { firstName: 'Dana', lastName: 'Quill' });
    const eli = await addStudent(s, w.creator, w.cls.id, { firstName: 'Eli', lastName: 'Rowe' });
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    const asker = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, dana, parent);
    const ask = await s.api('POST', `${API}/student-profile-user-invitation`, {
      token: asker.token,
      body: { invitationCode: dana.invitationCode },
    });
    expect(ask.statusCode).toBe(201);
    const photo = await makeMedia(s, MediaType.RatingPhoto, w.creator.id);
    const alone = await rate(s, w.creator, w.cls.id, actionId, { students: [dana['@id']], medias: [photo.id] });
    const shared = await rate(s, w.creator, w.cls.id, actionId, { students: [dana['@id'], eli['@id']] });

    const res = await preview(dana.id, w.coteacher.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      '@type': 'PlaceErasure',
      ratingsErased: 1,
      ratingsKept: 1,
      mediaErased: 1,
      familyLinks: 1,
      pendingRequests: 1,
      otherClasses: 0,
      studentErased: true,
    });

    expect((await s.api('DELETE', `${API}/teaching-class-student/${dana.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/rating/${alone.id}`, { token: w.creator.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/media/${photo.id}`, { token: w.creator.token })).statusCode).toBe(404);
    const kept = (await s.api('GET', `${API}/rating/${shared.id}`, { token: w.creator.token })).json();
    expect(kept.students).toEqual([eli['@id']]);

    // The family is told, by a notice naming the class and never the child, which outlives the place.
    const notices = (await s.api('GET', `${API}/notifications`, { token: parent.token })).json()['hydra:member'] as {
      notificationType: number;
      title: string;
      message: string;
    }[];
    const ended = notices.filter((n) => n.notificationType === NotificationType.StudentLinkEnded);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.message).toContain(w.cls.name);
    expect(JSON.stringify(ended[0])).not.toMatch(/Dana|Quill/);
    // The one who only asked had no link: nothing to end.
    const asked = (await s.api('GET', `${API}/notifications`, { token: asker.token })).json()['hydra:member'] as {
      notificationType: number;
    }[];
    expect(asked.filter((n) => n.notificationType === NotificationType.StudentLinkEnded)).toEqual([]);
  });

  it('tells nobody when nobody was linked, and keeps the Student who has another class', async () => {
    const p = await addStudent(s, w.creator, w.cls.id, { firstName: 'Fay' });
    const other = await createClass(s, w.creator);
    const copy = await s.api('POST', `${API}/teaching-class-student/copy`, {
      token: w.creator.token,
      body: { teachingClass: other.id, teachingClassStudents: [p.id] },
    });
    expect(copy.statusCode).toBe(201);
    expect((await preview(p.id, w.creator.token)).json()).toMatchObject({ familyLinks: 0, otherClasses: 1, studentErased: false });
    const before = await s.ctx.db.execute(sql`select count(*)::int as n from notification`);
    expect((await s.api('DELETE', `${API}/teaching-class-student/${p.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await s.ctx.db.execute(sql`select count(*)::int as n from notification`)).toMatchObject({
      rows: (before as never as { rows: unknown }).rows,
    });
    expect((await s.api('GET', p.student, { token: w.creator.token })).statusCode).toBe(200);
  });
});
