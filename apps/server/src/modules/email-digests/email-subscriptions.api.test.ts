import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dbKind, signUp } from '../../../test/harness';
import { API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { emailSubscriptions, studentProfileUsers, users } from '../../db/schema';
import { unsubscribeToken } from './digest-unsubscribe-token';

/**
 * DESIGN §2 for the email-subscription routes and their `digest` (DESIGN §11): a family's subscription is its own;
 * no teacher, evaluator or other family knows of it (404), making one for someone else is refused (403). And the
 * one-click link: a tampered one or one used again answers a page that says so and changes nothing.
 */
const t = withClassRoles({ PUBLIC_URL: 'https://skillroom.test' });
const PUB = '/api/public/v1';
type Who = TestUser | null;

const get = (u: Who, id: number) => t.s.api('GET', `${API}/email-subscription/${id}`, { token: u?.token });
const list = (u: Who) => t.s.api('GET', `${API}/email-subscriptions`, { token: u?.token });
const patch = (u: Who, id: number, body: unknown) => t.s.api('PATCH', `${API}/email-subscription/${id}`, { token: u?.token, body });
const rowOf = async (userId: number) =>
  (await t.s.ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, userId)))[0] ?? null;

/** Everyone of DESIGN §2 beside the owner (the family linked to the first child): what each is answered. */
async function others() {
  const { s, w } = t;
  const [otherFamily, removed] = await Promise.all([
    signUp(s, { accountTypeRadio: 'parent_user' }),
    signUp(s, { accountTypeRadio: 'parent_user' }),
  ]);
  await linkUser(s, w.second, otherFamily);
  await linkUser(s, w.first, removed);
  await s.ctx.db.delete(studentProfileUsers).where(eq(studentProfileUsers.userId, removed.id));
  const roles: [string, TestUser][] = [
    ['creator', w.creator],
    ['co-teacher', w.coteacher],
    ['evaluator', w.evaluator],
    ['family of another student', otherFamily],
    ['removed family member', removed],
    ['another user', w.stranger],
  ];
  return roles;
}

describe(`email-subscription routes by role (${dbKind})`, { timeout: 120_000 }, () => {
  it('the owner reads and changes their digest; every other role is answered 404 (403 making one for them), anonymous 401', async () => {
    const { w } = t;
    const roles = await others();
    const made = await t.s.api('POST', `${API}/email-subscription`, { token: w.linked.token, body: { user: w.linked.iri } });
    expect(made.statusCode, made.body).toBe(201);
    // A family's default is weekly (DESIGN §11).
    expect(made.json()).toMatchObject({ user: w.linked.iri, digest: 'weekly', hasNewsletterSubscription: false });
    const id = made.json().id as number;

    expect((await get(w.linked, id)).json()).toMatchObject({ id, digest: 'weekly' });
    expect((await list(w.linked)).json()['hydra:member'].map((m: { id: number }) => m.id)).toEqual([id]);
    const own = await patch(w.linked, id, { digest: 'daily' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().digest).toBe('daily');

    for (const [role, u] of roles) {
      expect((await get(u, id)).statusCode, role).toBe(404);
      expect((await get(u, id)).json()['hydra:description'], role).toBe('Email subscription not found.');
      const changed = await patch(u, id, { digest: 'off', hasNewsletterSubscription: true });
      expect(changed.statusCode, role).toBe(404);
      // Their list is their own: never the owner's row.
      const theirs = await list(u);
      expect(theirs.statusCode, role).toBe(200);
      expect(
        theirs.json()['hydra:member'].map((m: { user: string }) => m.user),
        role,
      ).not.toContain(w.linked.iri);
      const forOwner = await t.s.api('POST', `${API}/email-subscription`, { token: u.token, body: { user: w.linked.iri, digest: 'off' } });
      expect(forOwner.statusCode, role).toBe(403);
    }
    for (const res of [
      await get(null, id),
      await list(null),
      await patch(null, id, { digest: 'off' }),
      await t.s.api('POST', `${API}/email-subscription`, { body: { user: w.linked.iri } }),
    ])
      expect(res.statusCode).toBe(401);
    // Nothing any of them tried reached the owner's row.
    expect(await rowOf(w.linked.id)).toMatchObject({ id, digest: 'daily', hasNewsletterSubscription: false });
    expect(await t.s.ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, w.linked.id))).toHaveLength(1);
  });

  it('each role makes and changes its own; a teacher chooses a digest too (default off)', async () => {
    const roles = await others();
    for (const [role, u] of roles) {
      const made = await t.s.api('POST', `${API}/email-subscription`, { token: u.token, body: { user: u.iri } });
      expect(made.statusCode, role).toBe(201);
      const family = role.includes('family');
      expect(made.json().digest, role).toBe(family ? 'weekly' : 'off');
      expect((await patch(u, made.json().id as number, { digest: 'weekly' })).json().digest, role).toBe('weekly');
    }
  });

  it('a tampered or used-up unsubscribe link answers a page that says so and changes nothing', async () => {
    const { s, w } = t;
    const family = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, family);
    await s.ctx.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, family.id));
    const token = unsubscribeToken(s.ctx.config, family.id);
    const [id, mac] = token.split('.') as [string, string];
    const form = (tok: string) =>
      s.app.inject({
        method: 'POST',
        url: `${PUB}/email-digest/unsubscribe?token=${encodeURIComponent(tok)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    // Another user's id under this user's signature, the signature altered, cut, or missing.
    for (const bad of [`${w.linked.id}.${mac}`, `${id}.${flipped}`, `${id}.${mac.slice(0, 10)}`, id, `${id}.`, '']) {
      for (const method of ['GET', 'POST'] as const) {
        const res =
          method === 'POST' ? await form(bad) : await s.app.inject({ method, url: `${PUB}/email-digest/unsubscribe?token=${bad}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        if (bad) expect(res.body, bad).toContain('This unsubscribe link is not valid');
        expect(res.body).not.toContain('<form');
      }
    }
    expect(await rowOf(family.id)).toBeNull();
    expect(await rowOf(w.linked.id)).not.toMatchObject({ digest: 'off' });

    const first = await form(token);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html lang="es">');
    expect(first.body).toContain('ya no recibirás resúmenes');
    const after = await rowOf(family.id);
    expect(after).toMatchObject({ digest: 'off' });

    const again = await form(token);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Ya te habías dado de baja');
    expect(await rowOf(family.id)).toEqual(after);
  });
});
