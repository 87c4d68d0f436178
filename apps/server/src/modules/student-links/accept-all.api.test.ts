import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { INVITATION_MESSAGES, NotificationType, type HydraCollection, type StudentProfileUserInvitation } from '@skillroom/contract';
import { conflict } from '../../http/errors';
import { API, addCoTeacher, addStudent, createClass, type TestUser, withClassRoles } from '../../../test/classes';
import { dbKind, signUp } from '../../../test/harness';
import { notificationsService } from '../notifications/notifications.service';

/*
 * DESIGN §8 "Approving families": POST /teaching-class/{id}/student-profile-user-invitations/accept accepts every
 * pending request of the class in one transaction; the requester's e-mail is shown to the class's teachers only.
 */
const t = withClassRoles();

type Invitations = HydraCollection<StudentProfileUserInvitation>;
const acceptAll = (u: TestUser | undefined, classId: number) =>
  t.s.api('POST', `${API}/teaching-class/${classId}/student-profile-user-invitations/accept`, { token: u?.token });
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const links = (userId: number) => count(sql`select count(*)::int as n from student_profile_user where user_id = ${userId}`);
const notices = (userId: number, type: number) =>
  count(sql`select count(*)::int as n from notification where user_id = ${userId} and notification_type = ${type}`);
const pendingIn = (classId: number) =>
  count(sql`select count(*)::int as n from student_profile_user_invitation where teaching_class_id = ${classId} and is_approved is null`);

/** A new class of the world's creator, co-taught by its co-teacher. */
async function newClass(name: string) {
  const cls = (await createClass(t.s, t.w.creator, { name })) as { id: number; name: string };
  await addCoTeacher(t.s, cls.id, t.w.coteacher);
  return cls;
}

let seq = 0;
/** A new parent with a known e-mail asks to link to a new student of the class: answers the parent and the request id. */
async function familyRequest(classId: number, by: TestUser = t.w.creator) {
  const email = `family${++seq}.${process.pid}@example.org`;
  const parent = await signUp(t.s, { accountTypeRadio: 'parent_user', email, firstName: 'Parent', lastName: `No${seq}` });
  const place = await addStudent(t.s, by, classId, { firstName: 'Kid', lastName: `No${seq}` });
  const res = await t.s.api('POST', `${API}/student-profile-user-invitation`, {
    token: parent.token,
    body: { invitationCode: place.invitationCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { parent, email, place, id: res.json().id as number };
}

describe(`accept all family requests of a class (${dbKind})`, () => {
  it('shows the requester e-mail to the class teachers only, never to the requester, evaluators or other parents', async () => {
    const r = await familyRequest(t.w.cls.id);
    for (const u of [t.w.creator, t.w.coteacher]) {
      const item = await t.s.api('GET', `${API}/student-profile-user-invitation/${r.id}`, { token: u.token });
      expect(item.json().user.email).toBe(r.email);
      const list = (
        await t.s.api('GET', `${API}/student-profile-user-invitations?teachingClass.id=${t.w.cls.id}&isPending=1`, { token: u.token })
      ).json() as Invitations;
      expect(list['hydra:member'].find((m) => m.id === r.id)?.user.email).toBe(r.email);
    }
    const own = await t.s.api('GET', `${API}/student-profile-user-invitation/${r.id}`, { token: r.parent.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).not.toHaveProperty('email');
    const ownList = (await t.s.api('GET', `${API}/student-profile-user-invitations`, { token: r.parent.token })).json() as Invitations;
    expect(ownList['hydra:member'].map((m) => m.user)).toEqual([expect.not.objectContaining({ email: expect.anything() })]);
    for (const u of [t.w.evaluator, t.w.linked, t.w.stranger]) {
      expect((await t.s.api('GET', `${API}/student-profile-user-invitation/${r.id}`, { token: u.token })).statusCode).toBe(404);
      const list = await t.s.api('GET', `${API}/student-profile-user-invitations`, { token: u.token });
      expect(list.body).not.toContain(r.email);
    }
  });

  it('refuses evaluators (403), linked parents, strangers and unknown classes (404), and anonymous calls (401)', async () => {
    const before = await pendingIn(t.w.cls.id);
    expect(before).toBeGreaterThan(0);
    const cases: [TestUser | undefined, number, number][] = [
      [t.w.evaluator, t.w.cls.id, 403],
      [t.w.linked, t.w.cls.id, 404],
      [t.w.stranger, t.w.cls.id, 404],
      [t.w.creator, 999999, 404],
      [undefined, t.w.cls.id, 401],
    ];
    for (const [u, id, status] of cases) {
      const res = await acceptAll(u, id);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 403) expect(res.json()['hydra:description']).toBe(INVITATION_MESSAGES.classTeachersAnswer);
    }
    expect(await pendingIn(t.w.cls.id)).toBe(before);
  });

  it('accepts every pending request of the class at once, links and notifies each requester, and leaves other classes alone', async () => {
    const cls = await newClass('Year 3 Rowan');
    const other = await newClass('Year 6 Ash');
    const asked = [await familyRequest(cls.id), await familyRequest(cls.id), await familyRequest(cls.id)];
    const elsewhere = await familyRequest(other.id);
    const rejected = await familyRequest(cls.id);
    await t.s.api('POST', `${API}/student-profile-user-invitation/${rejected.id}/reject`, { token: t.w.creator.token });
    const teacherNotices = await notices(t.w.creator.id, NotificationType.StudentProfileUserInvitationReceived);

    const res = await acceptAll(t.w.creator, cls.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Invitations;
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((m) => m.id)).toEqual(asked.map((a) => a.id));
    for (const [i, m] of body['hydra:member'].entries())
      expect(m).toMatchObject({ isApproved: true, user: { id: asked[i]!.parent.id, email: asked[i]!.email } });
    for (const a of asked) {
      expect(await links(a.parent.id)).toBe(1);
      expect(await notices(a.parent.id, NotificationType.StudentProfileUserInvitationAccepted)).toBe(1);
      const notes = (await t.s.api('GET', `${API}/notifications`, { token: a.parent.token })).json()['hydra:member'];
      expect(notes[0]).toMatchObject({ path: `/student/${a.place.id}`, message: expect.stringContaining('Year 3 Rowan') });
      expect((await t.s.api('GET', `${API}/teaching-class-student/${a.place.id}`, { token: a.parent.token })).statusCode).toBe(200);
    }
    // The teachers' "request received" notifications stay as they were; the rejected and the other class's requests too.
    expect(await notices(t.w.creator.id, NotificationType.StudentProfileUserInvitationReceived)).toBe(teacherNotices);
    expect(await links(rejected.parent.id)).toBe(0);
    expect(await links(elsewhere.parent.id)).toBe(0);
    expect(await pendingIn(other.id)).toBe(1);

    const again = await acceptAll(t.w.coteacher, cls.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()['hydra:totalItems']).toBe(0);
  });

  it('accepts nothing when one accept fails midway: no link, no notification, every request still pending', async () => {
    const cls = await newClass('Year 2 Hazel');
    const asked = [await familyRequest(cls.id), await familyRequest(cls.id), await familyRequest(cls.id)];
    const original = notificationsService.notify.bind(notificationsService);
    let calls = 0;
    const spy = vi.spyOn(notificationsService, 'notify').mockImplementation(async (tx, e) => {
      if (++calls === 2) throw conflict('Failing on purpose.');
      return original(tx, e);
    });
    try {
      const res = await acceptAll(t.w.creator, cls.id);
      expect(res.statusCode, res.body).toBe(409);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(2);
    expect(await pendingIn(cls.id)).toBe(3);
    for (const a of asked) {
      expect(await links(a.parent.id)).toBe(0);
      expect(await notices(a.parent.id, NotificationType.StudentProfileUserInvitationAccepted)).toBe(0);
    }
  });

  it('refuses a finished class with 409 and accepts nothing', async () => {
    const cls = await newClass('Year 1 Elm');
    const r = await familyRequest(cls.id);
    await t.s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: t.w.creator.token, body: { isFinished: true } });
    const res = await acceptAll(t.w.creator, cls.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()['@type']).toBe('hydra:Error');
    expect(await links(r.parent.id)).toBe(0);
    expect(await pendingIn(cls.id)).toBe(1);
  });
});

describe(`accept all racing single answers never links twice nor fails (${dbKind})`, () => {
  it('accept-all with single accepts and rejects of the same requests, three rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const cls = await newClass(`Race ${round}`);
      const asked = await Promise.all(Array.from({ length: 6 }, () => familyRequest(cls.id)));
      const single = (a: (typeof asked)[number], i: number) =>
        t.s.api('POST', `${API}/student-profile-user-invitation/${a.id}/${i % 2 ? 'reject' : 'accept'}`, { token: t.w.coteacher.token });
      const [all, ...answers] = await Promise.all([acceptAll(t.w.creator, cls.id), ...asked.map(single), acceptAll(t.w.coteacher, cls.id)]);
      const second = answers.pop()!;
      expect([all.statusCode, second.statusCode], `${all.body} ${second.body}`).toEqual([200, 200]);
      const byAll = new Set([...all.json()['hydra:member'], ...second.json()['hydra:member']].map((m: { id: number }) => m.id));
      expect(byAll.size).toBe(all.json()['hydra:totalItems'] + second.json()['hydra:totalItems']);
      for (const [i, a] of asked.entries()) {
        const status = answers[i]!.statusCode;
        const state = (await t.s.api('GET', `${API}/student-profile-user-invitation/${a.id}`, { token: t.w.creator.token })).json()
          .isApproved;
        // A reject that came after accept-all is a 409; everything else is the answer it asked for.
        if (i % 2 === 1) expect(status === 200 ? state === false && !byAll.has(a.id) : status === 409 && state === true).toBe(true);
        else expect([status, state]).toEqual([200, true]);
        expect(await links(a.parent.id)).toBe(state ? 1 : 0);
        expect(await notices(a.parent.id, NotificationType.StudentProfileUserInvitationAccepted)).toBe(state ? 1 : 0);
      }
      expect(await pendingIn(cls.id)).toBe(0);
    }
  });
});
