import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass, type TestUser } from '../../../test/classes';
import { listen, openStream } from '../../../test/sse';

let s: TestServer;
let base: string;
let owner: TestUser;
let code: string;
let className: string;
beforeAll(async () => {
  s = await startTestServer();
  base = await listen(s.app);
  owner = await signUp(s);
  const cls = await createClass(s, owner, { name: 'Year 2 Oak' });
  code = cls.invitationCode;
  className = cls.name;
});
afterAll(() => s.close());

/** A teacher named Bea asks to join the owner's class: one notification (type 4) for the owner. */
const askToJoin = async () => {
  const t = await signUp(s, { firstName: 'Bea', lastName: 'Ruiz' });
  const res = await s.api('POST', `${API}/teaching-class-teacher-invitation`, { token: t.token, body: { invitationCode: code } });
  expect(res.statusCode).toBe(201);
};
const setLanguage = async (lang: string) =>
  expect((await s.api('PATCH', `${API}/user/${owner.id}`, { token: owner.token, body: { preferredLanguage: lang } })).statusCode).toBe(200);
const latest = async () =>
  (await s.api('GET', `${API}/notifications?itemsPerPage=1`, { token: owner.token })).json()['hydra:member'][0] as Notification;

const english = () => ({ title: 'Request to join a class', message: `Bea Ruiz asks to join ${className} as a co-teacher.` });
const spanish = () => ({ title: 'Solicitud para unirse a una clase', message: `Bea Ruiz pide unirse a ${className} como codocente.` });

describe('notifications follow the reader’s language of the day (DESIGN §3)', () => {
  it('words one made in English in Spanish after the change: list, item, PATCH and a resumed stream', async () => {
    await askToJoin();
    const made = await latest();
    expect(made).toMatchObject(english());

    await setLanguage('es');
    expect(await latest()).toMatchObject({ id: made.id, ...spanish() });
    const item = await s.api('GET', `${API}/notification/${made.id}`, { token: owner.token });
    expect(item.json()).toMatchObject(spanish());
    const patched = await s.api('PATCH', `${API}/notification/${made.id}`, { token: owner.token, body: { isRead: true } });
    expect(patched.json()).toMatchObject({ isRead: true, ...spanish() });

    // A stream that resumes from before it hands the old one over in Spanish too, then a new one live in Spanish.
    const auth = { authorization: `Bearer ${owner.token}` };
    const st = openStream(`${base}${API}/notifications/stream`, { ...auth, 'last-event-id': String(made.id - 1) });
    expect(JSON.parse((await st.next()).data)).toMatchObject({ id: made.id, ...spanish() });
    await askToJoin();
    expect(JSON.parse((await st.next()).data)).toMatchObject({ notificationType: 4, ...spanish() });
    st.close();
  });

  it('and in Traditional Chinese after another change, old ones included', async () => {
    await setLanguage('zh-HK');
    const all = (await s.api('GET', `${API}/notifications`, { token: owner.token })).json()['hydra:member'] as Notification[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const n of all) expect(n).toMatchObject({ title: '加入班級的申請', message: `Bea Ruiz 申請以協作老師身分加入 ${className}。` });
  });
});
