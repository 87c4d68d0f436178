import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EntityType, MESSAGE_MESSAGES, NotificationType, V, type Conversation, type Message } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';

/** DESIGN §11 messages: a conversation per child's place between the child's linked family and the class's teachers. */
const t = withClassRoles();
const api = (method: string, url: string, u: TestUser | null, body?: unknown) =>
  t.s.api(method as 'GET', `${API}${url}`, { token: u?.token, body: body as Record<string, unknown> });
const place = (p: { '@id': string }) => ({ teachingClassStudent: p['@id'] });

async function write(u: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/message', u, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Message;
}
async function conversations(u: TestUser, query = '') {
  const res = await api('GET', `/conversations${query}`, u);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()['hydra:member'] as Conversation[];
}
async function messagesOf(u: TestUser, id: number) {
  const res = await api('GET', `/conversation/${id}/messages`, u);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()['hydra:member'] as Message[];
}
const notices = async (u: TestUser) =>
  (
    (await api('GET', '/notifications?itemsPerPage=100', u)).json()['hydra:member'] as {
      notificationType: number;
      entityType: number;
      entityId: number;
      path: string;
      message: string;
    }[]
  ).filter((n) => n.notificationType === NotificationType.Message);
const count = async (q: ReturnType<typeof sql>) =>
  Number(((await t.s.ctx.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe(`messages (${dbKind})`, { timeout: 120_000 }, () => {
  let otherParent: TestUser;
  let convId: number;

  it('POST /message by role: the teachers and the linked family write; an evaluator 403; other families and strangers 404', async () => {
    const { w } = t;
    otherParent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, otherParent);
    const first = await write(w.linked, { ...place(w.first), text: '  Amara was ill yesterday.\r\nShe is fine now. ' });
    expect(first.text).toBe('Amara was ill yesterday.\nShe is fine now.');
    expect(first.isMine).toBe(true);
    expect(first.author?.role).toBe('family');
    convId = Number(first.conversation.split('/').pop());
    // The second message by the place goes into the same conversation.
    const byTeacher = await write(w.creator, { ...place(w.first), text: 'Thanks for letting us know.' });
    expect(byTeacher.conversation).toBe(first.conversation);
    expect(byTeacher.expectAnswerAfter).toBeNull();
    await write(w.coteacher, { conversation: first.conversation, text: 'Glad she is better.' });
    expect((await api('POST', '/message', w.evaluator, { ...place(w.first), text: 'x' })).statusCode).toBe(403);
    for (const u of [otherParent, w.stranger]) {
      expect((await api('POST', '/message', u, { ...place(w.first), text: 'x' })).statusCode).toBe(404);
      expect((await api('POST', '/message', u, { conversation: first.conversation, text: 'x' })).statusCode).toBe(404);
    }
    expect((await api('POST', '/message', w.evaluator, { conversation: first.conversation, text: 'x' })).statusCode).toBe(404);
    expect((await api('POST', '/message', null, { ...place(w.first), text: 'x' })).statusCode).toBe(401);
  });

  it('reads by role: lists, conversation, messages and PATCH; answers carry class, child, participants, lastMessage, unread', async () => {
    const { w } = t;
    for (const u of [w.creator, w.coteacher, w.linked]) {
      const [c] = await conversations(u);
      expect(c!.id).toBe(convId);
      expect(c!.teachingClass.id).toBe(w.cls.id);
      expect(c!.teachingClassStudent.firstName).toBe('Amara');
      expect(c!.lastMessage?.text).toBe('Glad she is better.');
      expect(c!.participants.map((x) => x.id).sort()).toEqual([w.creator.id, w.coteacher.id, w.linked.id].sort());
      expect((await api('GET', `/conversation/${convId}`, u)).statusCode).toBe(200);
      expect(await messagesOf(u, convId)).toHaveLength(3);
    }
    const [m] = await messagesOf(w.creator, convId);
    for (const u of [w.evaluator, otherParent, w.stranger]) {
      expect(await conversations(u)).toEqual([]);
      expect((await api('GET', `/conversation/${convId}`, u)).statusCode).toBe(404);
      expect((await api('GET', `/conversation/${convId}/messages`, u)).statusCode).toBe(404);
      expect((await api('PATCH', `/message/${m!.id}`, u, { isRead: true })).statusCode).toBe(404);
    }
    for (const url of ['/conversations', `/conversation/${convId}`, `/conversation/${convId}/messages`])
      expect((await api('GET', url, null)).statusCode).toBe(401);
    expect((await api('PATCH', `/message/${m!.id}`, null, { isRead: true })).statusCode).toBe(401);
  });

  it('unread counts per reader, read receipts shown to the sender only, and the bell read with the conversation', async () => {
    const { w } = t;
    const a = await write(w.linked, { conversation: `${API}/conversation/${convId}`, text: 'One more thing.' });
    const b = await write(w.linked, { conversation: `${API}/conversation/${convId}`, text: 'She has a dentist visit on Friday.' });
    const unread = async (u: TestUser) => (await conversations(u)).find((c) => c.id === convId)!.unread;
    // The family's first message and these two; teachers' own side is never unread for them.
    expect(await unread(w.creator)).toBe(3);
    expect(await unread(w.coteacher)).toBe(3);
    expect(await unread(w.linked)).toBe(2);
    const told = (await notices(w.creator)).filter((n) => n.entityId === convId);
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told[0]!.entityType).toBe(EntityType.Conversation);
    expect(told[0]!.path).toBe(`/messages/${convId}`);
    expect(told[0]!.message).toContain('Amara');
    // The family is told of teachers' messages, never of its own.
    expect((await notices(w.linked)).filter((n) => n.entityId === convId)).toHaveLength(2);

    // A GET reads nothing; reading the newest reads the earlier ones too.
    await messagesOf(w.creator, convId);
    expect(await unread(w.creator)).toBe(3);
    const read = await api('PATCH', `/message/${b.id}`, w.creator, { isRead: true });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as Message).isRead).toBe(true);
    expect(await unread(w.creator)).toBe(0);
    expect(await unread(w.coteacher)).toBe(3);
    const bell = await api('GET', '/notifications?isRead=false&itemsPerPage=100', w.creator);
    expect(
      (bell.json()['hydra:member'] as { entityId: number; notificationType: number }[]).some(
        (n) => n.notificationType === 14 && n.entityId === convId,
      ),
    ).toBe(false);

    const mine = await messagesOf(w.linked, convId);
    const receipt = mine.find((x) => x.id === a.id)!;
    expect(receipt.readBy.map((r) => r.user.id)).toEqual([w.creator.id]);
    expect(Date.parse(receipt.readBy[0]!.readAt)).not.toBeNaN();
    // Others' messages carry no receipts.
    expect((await messagesOf(w.creator, convId)).find((x) => x.id === a.id)!.readBy).toEqual([]);
    // Unread again, one message alone.
    await api('PATCH', `/message/${a.id}`, w.creator, { isRead: false });
    expect(await unread(w.creator)).toBe(1);
  });

  it('an announcement reaches every family in its own conversation; an answer goes to the teachers, never to the group', async () => {
    const { w } = t;
    const body = { teachingClass: `${API}/teaching-class/${w.cls.id}`, text: 'Sports day is on Friday.' };
    expect((await api('POST', '/announcement', w.evaluator, body)).statusCode).toBe(403);
    for (const u of [w.linked, w.stranger]) expect((await api('POST', '/announcement', u, body)).statusCode).toBe(404);
    expect((await api('POST', '/announcement', null, body)).statusCode).toBe(401);
    const res = await api('POST', '/announcement', w.coteacher, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().conversations).toBe(2);
    const theirs = (await conversations(otherParent))[0]!;
    expect(theirs.teachingClassStudent.firstName).toBe('Bao');
    expect(theirs.lastMessage).toMatchObject({ text: 'Sports day is on Friday.', isAnnouncement: true });
    expect(theirs.participants.map((x) => x.id)).not.toContain(w.linked.id);
    expect((await notices(otherParent)).map((n) => n.message)).toEqual([expect.stringContaining('wrote to the families of')]);
    expect((await messagesOf(w.linked, convId))[0]).toMatchObject({ isAnnouncement: true });
    // The answer stays in the family's own conversation.
    await write(w.linked, { conversation: `${API}/conversation/${convId}`, text: 'We will be there.' });
    expect((await messagesOf(otherParent, theirs.id)).map((x) => x.text)).toEqual(['Sports day is on Friday.']);
    expect(await notices(otherParent)).toHaveLength(1);
  });

  it('office hours: a family writing outside them learns when to expect an answer; the class validates them', async () => {
    const { w } = t;
    // Two days ahead in UTC (the creator's zone): never today or tomorrow, so the message is always outside.
    const day = ((new Date().getUTCDay() + 2 + 6) % 7) + 1;
    const ok = await api('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { officeHours: { days: [day], start: '07:30', end: '16:00' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().officeHours).toEqual({ days: [day], start: '07:30', end: '16:00' });
    const m = await write(w.linked, { ...place(w.first), text: 'Can we talk?' });
    const at = new Date(m.expectAnswerAfter!);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect([at.getUTCHours(), at.getUTCMinutes(), ((at.getUTCDay() + 6) % 7) + 1]).toEqual([7, 30, day]);
    expect((await write(w.creator, { ...place(w.first), text: 'Yes.' })).expectAnswerAfter).toBeNull();
    const [c] = await conversations(w.linked);
    expect(c!.officeHours?.days).toEqual([day]);
    // Each refusal names the part that is wrong (the class form shows it under that control), in the contract's words.
    for (const [officeHours, path, message] of [
      [{ days: [0], start: '07:30', end: '16:00' }, 'officeHours.days.0', MESSAGE_MESSAGES.officeDays],
      [{ days: [1, 1], start: '07:30', end: '16:00' }, 'officeHours.days', MESSAGE_MESSAGES.officeDays],
      [{ days: [], start: '07:30', end: '16:00' }, 'officeHours.days', MESSAGE_MESSAGES.officeDays],
      [{ days: [1], start: '16:00', end: '07:30' }, 'officeHours.end', MESSAGE_MESSAGES.officeOrder],
      [{ days: [1], start: '7:30', end: '16:00' }, 'officeHours.start', V.time],
      [{ days: [1], start: '07:30', end: '16:00:00' }, 'officeHours.end', V.time],
      [{ days: [1], start: '7:30 AM', end: '16:00' }, 'officeHours.start', V.time],
      [{ days: [1], start: '07:30', end: '24:00' }, 'officeHours.end', V.time],
      [{ days: [1], start: '07:30' }, 'officeHours.end', V.blank],
      ['weekdays', 'officeHours', V.typeOf('object')],
    ] as const) {
      const bad = await api('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { officeHours });
      expect(bad.statusCode, JSON.stringify(officeHours)).toBe(400);
      expect(bad.json().violations, JSON.stringify(officeHours)).toEqual([{ propertyPath: path, message }]);
    }
    expect((await api('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { officeHours: null })).json().officeHours).toBeNull();
  });

  it('bad input is a 400 naming the field', async () => {
    const { w } = t;
    const conv = `${API}/conversation/${convId}`;
    for (const body of [
      { conversation: conv, text: '' },
      { conversation: conv, text: ' \n\t ' },
      { conversation: conv, text: 'x'.repeat(2001) },
      { conversation: conv, ...place(w.first), text: 'both' },
      { text: 'neither' },
      { conversation: conv, text: 'x', medias: [`${API}/media/1`] },
      { conversation: conv, text: 'x', colour: 'red' },
      { conversation: conv, text: 42 },
    ]) {
      const res = await api('POST', '/message', w.linked, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().violations?.length).toBeGreaterThan(0);
    }
    expect((await api('POST', '/message', w.linked, { conversation: conv, text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect(
      (await api('POST', '/message', w.linked, { teachingClassStudent: `${API}/teaching-class-student/999999`, text: 'x' })).statusCode,
    ).toBe(400);
    const [m] = await messagesOf(w.linked, convId);
    expect((await api('PATCH', `/message/${m!.id}`, w.linked, { isRead: 'yes' })).statusCode).toBe(400);
    expect((await api('POST', '/announcement', w.creator, { teachingClass: `${API}/teaching-class/${w.cls.id}` })).statusCode).toBe(400);
    expect((await api('GET', '/conversations?teachingClassStudent=abc', w.linked)).statusCode).toBe(400);
  });

  it("the child's export includes the conversation; a deleted account's messages stay as Former member", async () => {
    const { w, s } = t;
    const aunt = await signUp(s, { accountTypeRadio: 'other_user' });
    await linkUser(s, w.first, aunt);
    await write(aunt, { ...place(w.first), text: 'Aunt here.' });
    expect((await api('DELETE', `/user/${aunt.id}`, aunt, { currentPassword: aunt.password })).statusCode).toBe(204);
    const aunts = (await messagesOf(w.creator, convId)).find((m) => m.text === 'Aunt here.')!;
    expect(aunts.author).toBeNull();
    const studentId = Number(String(w.first.student).split('/').pop());
    const res = await s.api('GET', `${API}/export/student/${studentId}`, { token: w.linked.token });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const json = JSON.parse(await zip.file('messages.json')!.async('string'));
    const texts = json.conversations.flatMap((c: { messages: { text: string }[] }) => c.messages.map((m) => m.text));
    expect(texts).toContain('Amara was ill yesterday.\nShe is fine now.');
    expect(json.conversations[0].messages.find((m: { text: string }) => m.text === 'Aunt here.').author).toBe('Former member');
    // Another child's conversation is not in this record.
    expect(JSON.stringify(json)).not.toContain('Bao');
  });

  it("the child's erasure takes their conversation, messages, receipts and notices; the class's erasure its own", async () => {
    const { w, s } = t;
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    const p = await addStudent(s, w.creator, w.cls.id, { firstName: 'Ema', lastName: 'Ito' });
    await linkUser(s, p, parent);
    const m = await write(parent, { ...place(p), text: 'Ema message' });
    const id = Number(m.conversation.split('/').pop());
    await api('PATCH', `/message/${m.id}`, w.creator, { isRead: true });
    expect(await count(sql`select count(*)::int as n from message where conversation_id = ${id}`)).toBe(1);
    expect((await api('DELETE', `/teaching-class-student/${p.id}`, w.creator)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from conversation where id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from message where text = 'Ema message'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from notification where params::text like '%Ema%'`)).toBe(0);
    expect((await api('DELETE', `/teaching-class/${w.cls.id}`, w.creator)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from conversation where teaching_class_id = ${w.cls.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from message_read`)).toBe(0);
  });
});
