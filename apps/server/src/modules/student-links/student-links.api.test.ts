import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, INVITATION_MESSAGES, NotificationType } from '@skillroom/contract';
import { notifications, studentProfileUserInvitations, studentProfileUsers } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, type TestUser } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let parent: TestUser;
let code: string;
let studentId: number;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
  parent = await signUp(s, { accountTypeRadio: 'parent_user', firstName: 'Dana', lastName: 'Lee', preferredLanguage: 'zh-HK' });
  code = w.second.invitationCode;
  studentId = Number(w.second.student.split('/').pop());
});
afterAll(() => s.close());

const ask = (u: TestUser | undefined, invitationCode: unknown) =>
  s.api('POST', `${API}/student-profile-user-invitation`, { token: u?.token, body: { invitationCode } });
const invitations = async () => (await s.ctx.db.select({ n: count() }).from(studentProfileUserInvitations))[0]!.n;
const notificationsOf = (u: TestUser) => s.ctx.db.select().from(notifications).where(eq(notifications.userId, u.id));

describe('student-profile-user-invitation', () => {
  let id: number;

  it('refuses teacher accounts, bad and finished-class codes, and users already linked, writing nothing', async () => {
    const old = await createClass(s, w.creator, { name: 'Finished' });
    const oldPlace = await addStudent(s, w.creator, old.id);
    await s.api('PATCH', `${API}/teaching-class/${old.id}`, { token: w.creator.token, body: { isFinished: true } });
    const cases: [TestUser | undefined, unknown, number, string][] = [
      [parent, 'ZZZZ2345', 400, INVITATION_MESSAGES.studentCodeUnknown],
      [parent, w.cls.invitationCode, 400, INVITATION_MESSAGES.studentCodeUnknown],
      [parent, '   ', 400, 'This value should not be blank.'],
      [parent, oldPlace.invitationCode, 409, INVITATION_MESSAGES.classFinished],
      [w.linked, w.first.invitationCode, 400, INVITATION_MESSAGES.alreadyLinked],
      [w.stranger, code, 403, INVITATION_MESSAGES.linkUsersOnly],
      [w.creator, code, 403, INVITATION_MESSAGES.linkUsersOnly],
      [undefined, code, 401, 'JWT'],
    ];
    for (const [u, c, status, text] of cases) {
      const res = await ask(u, c);
      expect(res.statusCode, `${String(c)}: ${res.body}`).toBe(status);
      expect(res.body).toContain(text);
    }
    expect(await invitations()).toBe(0);
  });

  it('lets a parent ask with a student code; the class teachers are notified (type 6), the evaluator is not', async () => {
    const res = await ask(parent, code.toLowerCase());
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({
      '@type': 'StudentProfileUserInvitation',
      teachingClass: { '@id': `${API}/teaching-class/${w.cls.id}`, name: w.cls.name },
      student: { '@id': w.second.student, firstName: 'Bao', lastName: 'Nguyen' },
      teachingClassStudent: `${API}/teaching-class-student/${w.second.id}`,
      user: { '@id': `${API}/user/${parent.id}`, firstName: 'Dana', accountType: 'parent_user' },
      isApproved: null,
    });
    for (const u of [w.creator, w.coteacher]) {
      expect(await notificationsOf(u)).toEqual([
        expect.objectContaining({
          notificationType: NotificationType.StudentProfileUserInvitationReceived,
          entityType: EntityType.StudentProfileUserInvitation,
          entityId: id,
          message: `Dana Lee asks to follow Bao Nguyen in ${w.cls.name}.`,
          path: `/teaching-class/${w.cls.id}/student/${w.second.id}/manage`,
        }),
      ]);
    }
    expect(await notificationsOf(w.evaluator)).toEqual([]);
    const again = await ask(parent, code);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(INVITATION_MESSAGES.linkRequestPending);
    expect(await invitations()).toBe(1);
  });

  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['parent', 200],
    ['evaluator', 404],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('shows the request to %s: %i', async (role, status) => {
    const u = role === 'parent' ? parent : w[role];
    expect((await s.api('GET', `${API}/student-profile-user-invitation/${id}`, { token: u.token })).statusCode).toBe(status);
    const list = await s.api('GET', `${API}/student-profile-user-invitations?student.id=${studentId}&teachingClass.id=${w.cls.id}`, {
      token: u.token,
    });
    expect(list.json()['hydra:totalItems']).toBe(status === 200 ? 1 : 0);
  });

  it('filters by place, user and state; refuses malformed filters', async () => {
    const get = (q: string) => s.api('GET', `${API}/student-profile-user-invitations?${q}`, { token: w.creator.token });
    expect((await get(`teachingClassStudent.id=${w.second.id}`)).json()['hydra:totalItems']).toBe(1);
    expect((await get(`user.id=${parent.id}&isPending=true`)).json()['hydra:totalItems']).toBe(1);
    expect((await get(`student.id=${studentId}&isApproved=1`)).json()['hydra:totalItems']).toBe(0);
    expect((await get('student.id=0')).statusCode).toBe(400);
  });

  it('lets only the class teachers answer', async () => {
    for (const [u, status] of [
      [parent, 403],
      [w.evaluator, 404],
      [w.linked, 404],
      [w.stranger, 404],
    ] as const) {
      expect((await s.api('POST', `${API}/student-profile-user-invitation/${id}/accept`, { token: u.token })).statusCode).toBe(status);
      expect((await s.api('POST', `${API}/student-profile-user-invitation/${id}/reject`, { token: u.token })).statusCode).toBe(status);
    }
    expect(await s.ctx.db.select().from(studentProfileUsers).where(eq(studentProfileUsers.userId, parent.id))).toEqual([]);
  });

  it('a co-teacher accepts: the parent sees that student (in Cantonese notification) and nothing else of the class', async () => {
    const res = await s.api('POST', `${API}/student-profile-user-invitation/${id}/accept`, { token: w.coteacher.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isApproved).toBe(true);
    const [n] = await notificationsOf(parent);
    expect(n).toMatchObject({
      notificationType: NotificationType.StudentProfileUserInvitationAccepted,
      entityType: EntityType.StudentProfileUserInvitation,
      entityId: id,
      title: '連結已獲接受',
      path: `/student/${w.second.id}`,
    });
    const place = await s.api('GET', `${API}/teaching-class-student/${w.second.id}`, { token: parent.token });
    expect(place.statusCode).toBe(200);
    expect(place.json()).not.toHaveProperty('invitationCode');
    expect((await s.api('GET', w.second.student, { token: parent.token })).statusCode).toBe(200);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.first.id}`, { token: parent.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: parent.token })).statusCode).toBe(404);
    const places = await s.api('GET', `${API}/teaching-class-students?teachingClass.id=${w.cls.id}`, { token: parent.token });
    expect(places.json()['hydra:member'].map((m: { id: number }) => m.id)).toEqual([w.second.id]);
    expect((await s.api('POST', `${API}/student-profile-user-invitation/${id}/reject`, { token: w.creator.token })).statusCode).toBe(409);
    expect((await s.api('POST', `${API}/student-profile-user-invitation/${id}/accept`, { token: w.creator.token })).statusCode).toBe(200);
    expect((await notificationsOf(parent)).length).toBe(1);
  });

  it('a creator rejects another request: no link, and the requester may ask again', async () => {
    const other = await signUp(s, { accountTypeRadio: 'other_user' });
    const rid = (await ask(other, w.first.invitationCode)).json().id;
    const res = await s.api('POST', `${API}/student-profile-user-invitation/${rid}/reject`, { token: w.creator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isApproved).toBe(false);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.first.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await ask(other, w.first.invitationCode)).statusCode).toBe(201);
  });
});

describe('student-profile-user', () => {
  let linkId: number;
  beforeAll(async () => {
    linkId = (await s.ctx.db.select().from(studentProfileUsers).where(eq(studentProfileUsers.userId, parent.id)))[0]!.id;
  });

  it.each([
    ['creator', 200, 2],
    ['coteacher', 200, 2],
    ['parent', 200, 1],
    ['evaluator', 404, 0],
    ['linked', 404, 1],
    ['stranger', 404, 0],
  ] as const)('shows %s the link: %i, and their list', async (role, status, listed) => {
    const u = role === 'parent' ? parent : w[role];
    const res = await s.api('GET', `${API}/student-profile-user/${linkId}`, { token: u.token });
    expect(res.statusCode).toBe(status);
    if (status === 200)
      expect(res.json()).toMatchObject({
        '@type': 'StudentProfileUser',
        teachingClass: { id: w.cls.id },
        student: { '@id': w.second.student },
        teachingClassStudent: `${API}/teaching-class-student/${w.second.id}`,
        user: { id: parent.id },
        isViaInvitation: true,
      });
    expect((await s.api('GET', `${API}/student-profile-users`, { token: u.token })).json()['hydra:totalItems']).toBe(listed);
  });

  it('filters links by class, student and user', async () => {
    const get = async (q: string) =>
      (await s.api('GET', `${API}/student-profile-users?${q}`, { token: w.creator.token })).json()['hydra:totalItems'];
    expect(await get(`teachingClass.id=${w.cls.id}`)).toBe(2);
    expect(await get(`student.id=${studentId}`)).toBe(1);
    expect(await get(`user.id=${w.linked.id}`)).toBe(1);
  });

  // The linked user may remove their own link too (DESIGN §2): family-links.api.test.ts.
  it('is unlinked by a class teacher, not by an evaluator or a stranger; the user then sees the student no more', async () => {
    for (const [u, status] of [
      [w.evaluator, 404],
      [w.stranger, 404],
      [undefined, 401],
    ] as const) {
      expect((await s.api('DELETE', `${API}/student-profile-user/${linkId}`, { token: u?.token })).statusCode).toBe(status);
    }
    expect((await s.api('DELETE', `${API}/student-profile-user/${linkId}`, { token: w.coteacher.token })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.second.id}`, { token: parent.token })).statusCode).toBe(404);
    expect((await s.api('DELETE', `${API}/student-profile-user/${linkId}`, { token: w.coteacher.token })).statusCode).toBe(404);
  });
});

describe('POST /teaching-class-student/{id}/invitation-code', () => {
  it('gives the place a new code for its teachers only; the old code stops working', async () => {
    for (const [u, status] of [
      [w.evaluator, 403],
      [w.linked, 403],
      [w.stranger, 404],
      [undefined, 401],
    ] as const) {
      expect((await s.api('POST', `${API}/teaching-class-student/${w.first.id}/invitation-code`, { token: u?.token })).statusCode).toBe(
        status,
      );
    }
    const res = await s.api('POST', `${API}/teaching-class-student/${w.first.id}/invitation-code`, { token: w.coteacher.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().invitationCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(res.json().invitationCode).not.toBe(w.first.invitationCode);
    const late = await signUp(s, { accountTypeRadio: 'parent_user' });
    expect((await ask(late, w.first.invitationCode)).statusCode).toBe(400);
    expect((await ask(late, res.json().invitationCode)).statusCode).toBe(201);
  });
});
