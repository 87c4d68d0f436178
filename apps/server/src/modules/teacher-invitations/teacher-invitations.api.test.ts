import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, INVITATION_MESSAGES, NotificationType } from '@skillroom/contract';
import { notifications, teachingClassTeacherInvitations, teachingClassTeachers } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass, type TestUser } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let joiner: TestUser;
let code: string;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
  joiner = await signUp(s, { preferredLanguage: 'es', firstName: 'Bea', lastName: 'Ruiz' });
  code = w.cls.invitationCode;
});
afterAll(() => s.close());

const invitationCount = async () => (await s.ctx.db.select({ n: count() }).from(teachingClassTeacherInvitations))[0]!.n;
const notificationsOf = (u: TestUser) => s.ctx.db.select().from(notifications).where(eq(notifications.userId, u.id));
const ask = (u: TestUser | undefined, invitationCode: unknown) =>
  s.api('POST', `${API}/teaching-class-teacher-invitation`, { token: u?.token, body: { invitationCode } });
const message = (res: { json: () => unknown }) => JSON.stringify(res.json());

describe('POST /teaching-class-teacher-invitation', () => {
  let id: number;

  it('refuses bad codes, finished classes, people already teaching and non-teacher accounts, writing nothing', async () => {
    const finished = await createClass(s, w.creator, { name: 'Old class' });
    await s.api('PATCH', `${API}/teaching-class/${finished.id}`, { token: w.creator.token, body: { isFinished: true } });
    const cases: [TestUser | undefined, unknown, number, string][] = [
      [joiner, 'NOPE2345', 400, INVITATION_MESSAGES.classCodeUnknown],
      [joiner, '', 400, 'This value should not be blank.'],
      [joiner, 12, 400, 'invitationCode'],
      [joiner, finished.invitationCode, 409, INVITATION_MESSAGES.classFinished],
      [w.creator, code, 400, INVITATION_MESSAGES.alreadyTeacher],
      [w.coteacher, code, 400, INVITATION_MESSAGES.alreadyTeacher],
      [w.linked, code, 403, INVITATION_MESSAGES.teachersOnly],
      [undefined, code, 401, 'JWT Token not found'],
    ];
    for (const [u, c, status, text] of cases) {
      const res = await ask(u, c);
      expect(res.statusCode, `${String(c)} → ${res.body}`).toBe(status);
      expect(message(res)).toContain(text);
    }
    expect(
      (
        await s.api('POST', `${API}/teaching-class-teacher-invitation`, {
          token: joiner.token,
          body: { invitationCode: code, teachingClass: 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect(await invitationCount()).toBe(0);
  });

  it('lets a teacher ask with the code as typed (spaces, lower case) and notifies the creator (type 4)', async () => {
    const res = await ask(joiner, ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      '@type': 'TeachingClassTeacherInvitation',
      '@id': `${API}/teaching-class-teacher-invitation/${id}`,
      teachingClass: { '@id': `${API}/teaching-class/${w.cls.id}`, name: w.cls.name, isFinished: false },
      teacher: { '@id': `${API}/user/${joiner.id}`, firstName: 'Bea', lastName: 'Ruiz' },
      isApproved: null,
    });
    const [n] = await notificationsOf(w.creator);
    expect(n).toMatchObject({
      notificationType: NotificationType.TeacherInvitationReceived,
      entityType: EntityType.TeacherInvitation,
      entityId: id,
      isRead: false,
      path: `/teaching-class/${w.cls.id}/teachers`,
    });
    expect(n!.title).toBe('Request to join a class');
    expect(n!.message).toBe(`Bea Ruiz asks to join ${w.cls.name} as a co-teacher.`);
  });

  it('refuses a second request while one is pending', async () => {
    const res = await ask(joiner, code);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain(INVITATION_MESSAGES.teacherRequestPending);
    expect(await invitationCount()).toBe(1);
  });

  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['joiner', 200],
    ['evaluator', 404],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('GET shows the request to %s: %i', async (role, status) => {
    const u = role === 'joiner' ? joiner : w[role];
    const res = await s.api('GET', `${API}/teaching-class-teacher-invitation/${id}`, { token: u.token });
    expect(res.statusCode).toBe(status);
    const list = await s.api('GET', `${API}/teaching-class-teacher-invitations?teachingClass.id=${w.cls.id}`, { token: u.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()['hydra:totalItems']).toBe(status === 200 ? 1 : 0);
  });

  it('filters the list (snake-case spelling too, pending only) and refuses malformed filters', async () => {
    const get = (q: string) => s.api('GET', `${API}/teaching-class-teacher-invitations?${q}`, { token: w.creator.token });
    expect((await get(`teaching_class.id=${w.cls.id}`)).json()['hydra:totalItems']).toBe(1);
    expect((await get('isPending=1')).json()['hydra:totalItems']).toBe(1);
    expect((await get('isApproved=0')).json()['hydra:totalItems']).toBe(0);
    expect((await get(`teacher.id=${joiner.id}`)).json()['hydra:totalItems']).toBe(1);
    expect((await get('teachingClass.id=abc')).statusCode).toBe(400);
    expect((await get('isPending=maybe')).statusCode).toBe(400);
  });

  it('lets only the creator answer: 403 for co-teacher and requester, 404 for others', async () => {
    for (const [u, status] of [
      [w.coteacher, 403],
      [joiner, 403],
      [w.evaluator, 404],
      [w.stranger, 404],
    ] as const) {
      for (const action of ['accept', 'reject']) {
        const res = await s.api('POST', `${API}/teaching-class-teacher-invitation/${id}/${action}`, { token: u.token });
        expect(res.statusCode).toBe(status);
      }
    }
    expect((await s.api('POST', `${API}/teaching-class-teacher-invitation/999999/accept`, { token: w.creator.token })).statusCode).toBe(
      404,
    );
    expect((await s.api('POST', `${API}/teaching-class-teacher-invitation/${id}/accept`)).statusCode).toBe(401);
  });

  it('accepts (body-less, JSON-LD content type): the requester becomes a co-teacher and is told in Spanish', async () => {
    const res = await s.api('POST', `${API}/teaching-class-teacher-invitation/${id}/accept`, {
      token: w.creator.token,
      headers: { 'content-type': 'application/ld+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, isApproved: true });
    const cls = await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: joiner.token });
    expect(cls.statusCode).toBe(200);
    expect(cls.json().userType).toBe(1);
    const [accepted] = await notificationsOf(joiner);
    expect(accepted).toMatchObject({
      notificationType: NotificationType.TeacherInvitationAccepted,
      entityType: EntityType.TeachingClass,
      entityId: w.cls.id,
      title: 'Te has unido a una clase',
      path: `/teaching-class/${w.cls.id}`,
    });
    const [row] = await s.ctx.db.select().from(teachingClassTeachers).where(eq(teachingClassTeachers.teacherId, joiner.id));
    expect(row!.isViaInvitation).toBe(true);
    // The other teachers hear of it (type 2), the creator who accepted does not need to.
    const added = (await notificationsOf(w.coteacher)).filter((n) => n.notificationType === NotificationType.TeacherCreated);
    expect(added).toEqual([
      expect.objectContaining({
        entityType: EntityType.TeachingClassTeacher,
        entityId: row!.id,
        message: `Bea Ruiz is now a co-teacher of ${w.cls.name}.`,
      }),
    ]);
    expect((await notificationsOf(w.creator)).some((n) => n.notificationType === NotificationType.TeacherCreated)).toBe(false);
  });

  it('takes the same answer twice as one (nothing more written), the other answer as a conflict (409)', async () => {
    const before = (await s.ctx.db.select().from(notifications)).length;
    const again = await s.api('POST', `${API}/teaching-class-teacher-invitation/${id}/accept`, { token: w.creator.token });
    expect(again.statusCode).toBe(200);
    expect(again.json().isApproved).toBe(true);
    expect((await s.ctx.db.select().from(notifications)).length).toBe(before);
    const reject = await s.api('POST', `${API}/teaching-class-teacher-invitation/${id}/reject`, { token: w.creator.token });
    expect(reject.statusCode).toBe(409);
    expect(reject.json()['hydra:description']).toBe(INVITATION_MESSAGES.notPending);
    expect((await ask(joiner, code)).statusCode).toBe(400);
  });

  it('rejects a request: no co-teacher, no notification to the requester, and a new request may follow', async () => {
    const other = await signUp(s);
    const { id: rid } = (await ask(other, code)).json();
    const res = await s.api('POST', `${API}/teaching-class-teacher-invitation/${rid}/reject`, { token: w.creator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isApproved).toBe(false);
    expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: other.token })).statusCode).toBe(404);
    expect(await notificationsOf(other)).toEqual([]);
    expect((await ask(other, code)).statusCode).toBe(201);
  });
});
