import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MediaType, type Conversation, type Message } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, createClass, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { expectErased, keysOf, uploadImage } from '../../../test/erasure';
import { fetchBare } from '../../../test/media';
import { runRetention } from '../../jobs/retention.job';
import { classSkills, rate, ratingBody } from '../../../test/ratings';

/**
 * DESIGN §11 messages, issue 37: attachments (the rules and cleaning of a rating's), readable by exactly the
 * conversation's members; the header's unread filter; the page order; text limits; erasure and export of the files.
 */
const t = withClassRoles({}, { skills: true });
const api = (method: string, url: string, u: TestUser | null, body?: unknown) =>
  t.s.api(method as 'GET', `${API}${url}`, { token: u?.token, body: body as Record<string, unknown> });
const rows = async (q: ReturnType<typeof sql>) => ((await t.s.ctx.db.execute(q)) as unknown as { rows: unknown[] }).rows;
const photo = (u: TestUser) => uploadImage(t.s, u.token, MediaType.RatingPhoto);
const placeOf = (p: { '@id': string }) => ({ teachingClassStudent: p['@id'] });

async function write(u: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/message', u, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Message;
}
const idOf = (iri: string) => Number(iri.split('/').pop());

/** A linked user who was then unlinked by a teacher: DESIGN §2's "removed family member". */
async function removedMember(place: { '@id': string; id: number; student: string; teachingClass: string | { '@id': string } }) {
  const { w } = t;
  const u = await signUp(t.s, { accountTypeRadio: 'parent_user' });
  await linkUser(t.s, place, u);
  const links = (await api('GET', `/student-profile-users?student.id=${idOf(place.student)}`, w.creator)).json();
  const linkId = links['hydra:member'].find((l: { user: { id: number } }) => l.user.id === u.id).id as number;
  expect((await api('DELETE', `/student-profile-user/${linkId}`, w.creator)).statusCode).toBe(204);
  return u;
}

describe(`message attachments (${dbKind})`, { timeout: 120_000 }, () => {
  let otherFamily: TestUser;
  let removed: TestUser;
  let sent: Message;
  let convId: number;

  it('a family attaches its photo; the message carries it; every role reads it or not as it reads the conversation', async () => {
    const { w } = t;
    otherFamily = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, otherFamily);
    removed = await removedMember(w.first);
    const p = await photo(w.linked);
    sent = await write(w.linked, { ...placeOf(w.first), text: 'Her drawing from home', medias: [p['@id'], p['@id']] });
    convId = idOf(sent.conversation);
    expect(sent.medias.map((m) => m.id)).toEqual([p.id]);
    // A signed link of the reader's own, that fetches the file.
    expect(sent.medias[0]!.url).toMatch(new RegExp(`^/media/${p.id}\\?.*sig=.*&u=${w.linked.id}$`));
    expect((await fetchBare(t.s, sent.medias[0]!.url)).statusCode).toBe(200);
    const listed = (await api('GET', `/conversation/${convId}/messages`, w.creator)).json()['hydra:member'] as Message[];
    expect(listed[0]!.medias.map((m) => m.id)).toEqual([p.id]);
    const [conv] = (await api('GET', '/conversations', w.coteacher)).json()['hydra:member'] as Conversation[];
    expect(conv!.lastMessage!.medias.map((m) => m.id)).toEqual([p.id]);
    for (const u of [w.creator, w.coteacher, w.linked]) expect((await api('GET', `/media/${p.id}`, u)).statusCode).toBe(200);
    for (const u of [w.evaluator, otherFamily, removed, w.stranger]) expect((await api('GET', `/media/${p.id}`, u)).statusCode).toBe(404);
    expect((await api('GET', `/media/${p.id}`, null)).statusCode).toBe(401);
  });

  it('POST /message with attachments by role: teachers and the linked family 201, evaluator 403, others 404, anonymous 401', async () => {
    const { w } = t;
    for (const u of [w.creator, w.coteacher]) {
      const m = await write(u, { conversation: sent.conversation, text: 'A photo back', medias: [(await photo(u))['@id']] });
      expect(m.medias).toHaveLength(1);
    }
    const ev = await photo(w.evaluator);
    expect((await api('POST', '/message', w.evaluator, { ...placeOf(w.first), text: 'x', medias: [ev['@id']] })).statusCode).toBe(403);
    for (const u of [otherFamily, removed, w.stranger]) {
      const mine = await photo(u);
      const res = await api('POST', '/message', u, { conversation: sent.conversation, text: 'x', medias: [mine['@id']] });
      expect(res.statusCode).toBe(404);
      // Nothing was attached: the upload is still free.
      expect(await rows(sql`select 1 from message_media where media_id = ${mine.id}`)).toHaveLength(0);
    }
    expect((await api('POST', '/message', null, { conversation: sent.conversation, text: 'x', medias: [] })).statusCode).toBe(401);
  });

  it("refuses someone else's upload, one attached already, an avatar, an unknown id, and more than 20; nothing half-written", async () => {
    const { w } = t;
    const conv = sent.conversation;
    const theirs = await photo(w.creator);
    const avatar = await uploadImage(t.s, w.linked.token, MediaType.UserAvatar);
    const many = Array.from({ length: 21 }, (_, i) => `${API}/media/${i + 1}`);
    const before = (await rows(sql`select 1 from message where conversation_id = ${convId}`)).length;
    for (const medias of [[theirs['@id']], [sent.medias[0]!['@id']], [avatar['@id']], [`${API}/media/99999999`], many, 'x']) {
      const res = await api('POST', '/message', w.linked, { conversation: conv, text: 'x', medias });
      expect(res.statusCode, JSON.stringify(medias).slice(0, 60)).toBe(400);
      expect(res.json().violations[0].propertyPath).toMatch(/^medias/);
    }
    expect(await rows(sql`select 1 from message where conversation_id = ${convId}`)).toHaveLength(before);
    // A message's upload is never a rating's too, nor a rating's a message's.
    const mine = await write(w.creator, { conversation: conv, text: 'Photo', medias: [(await photo(w.creator))['@id']] });
    const action = (await classSkills(t.s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
    const rating = await t.s.api('POST', `${API}/rating`, {
      token: w.creator.token,
      body: ratingBody(w.cls.id, action, { students: [w.first['@id']], medias: [mine.medias[0]!['@id']] }),
    });
    expect(rating.statusCode, rating.body).toBe(400);
    const rated = await rate(t.s, w.creator, w.cls.id, action, { students: [w.first['@id']], medias: [theirs.id] });
    const again = await api('POST', '/message', w.creator, { conversation: conv, text: 'x', medias: [theirs['@id']] });
    expect(again.statusCode).toBe(400);
    expect(rated.medias).toHaveLength(1);
  });

  it('an announcement carries its photo to every family, each reading it in its own conversation only', async () => {
    const { w } = t;
    const p = await photo(w.coteacher);
    const res = await api('POST', '/announcement', w.coteacher, {
      teachingClass: `${API}/teaching-class/${w.cls.id}`,
      text: 'Sports day',
      medias: [p['@id']],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await rows(sql`select 1 from message_media where media_id = ${p.id}`)).toHaveLength(2);
    for (const u of [w.linked, otherFamily, w.creator]) expect((await api('GET', `/media/${p.id}`, u)).statusCode).toBe(200);
    for (const u of [w.evaluator, removed, w.stranger]) expect((await api('GET', `/media/${p.id}`, u)).statusCode).toBe(404);
    const theirs = (await api('GET', '/conversations', otherFamily)).json()['hydra:member'] as Conversation[];
    expect(theirs[0]!.lastMessage!.medias.map((m) => m.id)).toEqual([p.id]);
    const bad = await api('POST', '/announcement', w.creator, {
      teachingClass: `${API}/teaching-class/${w.cls.id}`,
      text: 'x',
      medias: [p['@id']],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('text: over 2,000 characters, empty or blank is 400; HTML stays text', async () => {
    const { w } = t;
    for (const text of ['x'.repeat(2001), '', '   \n\t  '])
      expect((await api('POST', '/message', w.linked, { conversation: sent.conversation, text })).statusCode).toBe(400);
    const html = '<img src=x onerror=alert(1)><b>bold</b>';
    expect((await write(w.linked, { conversation: sent.conversation, text: html })).text).toBe(html);
  });

  it('GET /conversations?unread=1 counts conversations with unread messages, per reader and role', async () => {
    const { w } = t;
    const unread = async (u: TestUser | null, flag = '1') => api('GET', `/conversations?unread=${flag}&itemsPerPage=1`, u);
    expect((await unread(w.creator)).json()['hydra:totalItems']).toBeGreaterThanOrEqual(1);
    const last = ((await api('GET', `/conversation/${convId}/messages`, w.creator)).json()['hydra:member'] as Message[])[0]!;
    await api('PATCH', `/message/${last.id}`, w.creator, { isRead: true });
    const creatorLeft = (await unread(w.creator)).json()['hydra:member'] as Conversation[];
    expect(creatorLeft.map((c) => c.id)).not.toContain(convId);
    expect(((await unread(w.creator, '0')).json()['hydra:member'] as Conversation[]).length).toBeGreaterThan(0);
    expect((await unread(w.coteacher)).json()['hydra:totalItems']).toBeGreaterThanOrEqual(1);
    expect((await unread(w.linked)).json()['hydra:totalItems']).toBe(1);
    expect((await unread(otherFamily)).json()['hydra:totalItems']).toBe(1);
    for (const u of [w.evaluator, removed, w.stranger]) expect((await unread(u)).json()['hydra:totalItems']).toBe(0);
    expect((await unread(null)).statusCode).toBe(401);
    expect((await unread(w.linked, 'maybe')).statusCode).toBe(400);
  });

  it('pages run newest first: page 2 holds the older messages', async () => {
    const { w } = t;
    const all = (await api('GET', `/conversation/${convId}/messages?itemsPerPage=100`, w.linked)).json();
    const ids = (all['hydra:member'] as Message[]).map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = (await api('GET', `/conversation/${convId}/messages?itemsPerPage=2&page=2`, w.linked)).json();
    expect((page2['hydra:member'] as Message[]).map((m) => m.id)).toEqual(ids.slice(2, 4));
    expect(page2['hydra:totalItems']).toBe(ids.length);
  });

  it("the child's export has the messages with their files, and an escaped Messages section in index.html", async () => {
    const { w } = t;
    const res = await t.s.api('GET', `${API}/export/student/${idOf(w.first.student)}`, { token: w.linked.token });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const json = JSON.parse(await zip.file('messages.json')!.async('string'));
    const withPhoto = json.conversations[0].messages.find((m: { text: string }) => m.text === 'Her drawing from home');
    const path = withPhoto.medias[0].path as string;
    expect(path).toMatch(new RegExp(`^media/${sent.medias[0]!.id}-`));
    expect((await zip.file(path)!.async('nodebuffer')).subarray(1, 4).toString()).toBe('PNG');
    const html = await zip.file('index.html')!.async('string');
    expect(html).toContain('<h2>Messages</h2>');
    expect(html).toContain('Her drawing from home');
    expect(html).toContain(`src="${path}"`);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(JSON.stringify(json)).not.toContain('Bao');
  });

  it('erasure: an account leaving keeps its message files in the record; the place and the class take them', async () => {
    const { w } = t;
    // An aunt's message stays in the child's record with its photo ("Former member"); her unattached upload goes.
    const aunt = await signUp(t.s, { accountTypeRadio: 'other_user' });
    await linkUser(t.s, w.first, aunt);
    const kept = await photo(aunt);
    const loose = await photo(aunt);
    const looseKeys = await keysOf(t.s, loose.id);
    await write(aunt, { ...placeOf(w.first), text: 'From the aunt', medias: [kept['@id']] });
    expect((await api('DELETE', `/user/${aunt.id}`, aunt, { currentPassword: aunt.password })).statusCode).toBe(204);
    expect((await api('GET', `/media/${kept.id}`, w.creator)).statusCode).toBe(200);
    await expectErased(t.s, [loose.id], looseKeys);

    // A place removed: its conversation's files go (an announcement's shared photo stays with the other child).
    const parent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    const child = await addStudent(t.s, w.creator, w.cls.id, { firstName: 'Ema', lastName: 'Ito' });
    await linkUser(t.s, child, parent);
    const ema = await photo(parent);
    const emaKeys = await keysOf(t.s, ema.id);
    await write(parent, { ...placeOf(child), text: 'Ema photo', medias: [ema['@id']] });
    expect((await api('DELETE', `/teaching-class-student/${child.id}`, w.creator)).statusCode).toBe(204);
    await expectErased(t.s, [ema.id], emaKeys);

    // The class: every message file of it.
    const ids = (await rows(sql`select mm.media_id as id from message_media mm join message m on m.id = mm.message_id
      join conversation c on c.id = m.conversation_id where c.teaching_class_id = ${w.cls.id}`)) as { id: number }[];
    expect(ids.length).toBeGreaterThan(3);
    const keys = (await Promise.all(ids.map((r) => keysOf(t.s, Number(r.id))))).flat();
    expect((await api('DELETE', `/teaching-class/${w.cls.id}`, w.creator)).statusCode).toBe(204);
    await expectErased(
      t.s,
      ids.map((r) => Number(r.id)),
      keys,
    );
    expect(await rows(sql`select 1 from message_media`)).toHaveLength(0);
  });

  it('retention erases a finished class with its message files', async () => {
    const { w } = t;
    const cls = await createClass(t.s, w.creator);
    const child = await addStudent(t.s, w.creator, cls.id, { firstName: 'Ivo', lastName: 'Rei' });
    const parent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, child, parent);
    const p = await photo(parent);
    const keys = await keysOf(t.s, p.id);
    await write(parent, { ...placeOf(child), text: 'Before the summer', medias: [p['@id']] });
    expect((await api('PATCH', `/teaching-class/${cls.id}`, w.creator, { isFinished: true })).statusCode).toBe(200);
    await t.s.ctx.db.execute(sql`update teaching_class set finished_at = '2000-01-10T09:30:00Z' where id = ${cls.id}`);
    const { db, files, config, log, mailer, push } = t.s.ctx;
    const ctx = { db, files, config: { ...config, retentionDays: 730 }, log, mailer, push };
    // Told thirty days before, erased on the day (DESIGN §6).
    expect(await runRetention(ctx, new Date('2001-12-10T09:30:00Z'))).toMatchObject({ notified: 1, erased: 0 });
    expect(await runRetention(ctx, new Date('2002-01-09T09:30:00Z'))).toMatchObject({ erased: 1 });
    await expectErased(t.s, [p.id], keys);
    expect(await rows(sql`select 1 from conversation where teaching_class_id = ${cls.id}`)).toHaveLength(0);
  });
});
