import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { MediaType } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { API, linkUser, makeMedia, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills, rate } from '../../../test/ratings';
import { emailDigests, media, users } from '../../db/schema';
import sharp from '../../lib/sharp';
import { emailDigestsService } from './email-digests.service';
import { latestPeriod } from './digest-period';

/** DESIGN §11 "E-mail digests", through a real SMTP server on a free port. */
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    simpleParser(stream, { keepCidLinks: true }).then(
      (m) => (received.push(m), done()),
      (e: Error) => done(e),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = withClassRoles({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), PUBLIC_URL: 'https://skillroom.test' }, { skills: true });
const PUB = '/api/public/v1';

/** The first moment after the real clock when a weekly digest is due in UTC (Friday 16:00), a minute past it. */
function nextFriday() {
  const p = latestPeriod(new Date(), 'weekly', 'UTC');
  return new Date(p.due.getTime() + 7 * 86_400_000 + 60_000);
}
const run = (now: Date) => emailDigestsService.run(t.s.ctx, now);
const to = (u: TestUser) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === u.user.email);
const digestRows = (u: TestUser) => t.s.ctx.db.select().from(emailDigests).where(eq(emailDigests.userId, u.id));

async function photoMedia(owner: TestUser) {
  const row = await makeMedia(t.s, MediaType.RatingPhoto, owner.id);
  const thumbKey = `thumb/test/${row.id}.webp`;
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .webp()
    .toBuffer();
  await t.s.ctx.files.put(thumbKey, png);
  await t.s.ctx.db.update(media).set({ thumbKey }).where(eq(media.id, row.id));
  return row;
}

describe(`e-mail digests (${dbKind})`, { timeout: 120_000 }, () => {
  it('a weekly digest of two new ratings (one with a photo) arrives once, in the parent language, with one-click unsubscribe', async () => {
    const { s, w } = t;
    await s.ctx.db.update(users).set({ preferredLanguage: 'zh-HK' }).where(eq(users.id, w.linked.id));
    const otherParent = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.second, otherParent);
    const [skill] = await classSkills(s, w.creator, w.cls.id);
    const [a1, a2] = skill!.learningActions.map((a: { id: number }) => a.id);
    const photo = await photoMedia(w.creator);
    const first = `${API}/teaching-class-student/${w.first.id}`;
    await rate(s, w.creator, w.cls.id, a1!, { students: [first], description: 'Counted to twenty in pairs.', medias: [photo.id] });
    await rate(s, w.coteacher, w.cls.id, a2!, { students: [first], description: 'Shared the blocks.' });

    const now = nextFriday();
    const outcome = await run(now);
    expect(outcome.sent).toBeGreaterThanOrEqual(1);
    const mails = to(w.linked);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.subject).toContain('Amara');
    expect(m.subject).toContain('本星期的新評分');
    expect(m.text).toContain('Counted to twenty in pairs.');
    expect(m.text).toContain('Shared the blocks.');
    expect(m.html).toContain('Amara Okafor');
    expect(m.html).toContain('Counted to twenty in pairs.');
    expect(m.html).toMatch(/<img src="cid:photo-1@skillroom"/);
    expect(m.attachments.map((a) => [a.contentType, a.cid])).toEqual([['image/jpeg', 'photo-1@skillroom']]);
    expect(m.text).not.toContain('Bao');
    // The raw lines: mailparser folds List-* headers into one object of its own.
    const header = (name: string) =>
      m.headerLines
        .find((l) => l.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    const unsubscribe = String(header('list-unsubscribe'));
    expect(unsubscribe).toMatch(/^<https:\/\/skillroom\.test\/api\/public\/v1\/email-digest\/unsubscribe\?token=\d+\.[\w-]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The family of the other child has nothing new of theirs: no mail, and never this child's ratings.
    expect(to(otherParent)).toHaveLength(0);
    // Teachers have no digest unless they ask.
    for (const u of [w.creator, w.coteacher, w.evaluator, w.stranger]) expect(to(u)).toHaveLength(0);

    // A second run for the same period sends nobody anything.
    const count = received.length;
    await run(new Date(now.getTime() + 15 * 60_000));
    expect(received).toHaveLength(count);
    expect((await digestRows(w.linked)).map((r) => r.state)).toEqual(['sent']);
    expect((await digestRows(otherParent)).map((r) => r.state)).toEqual(['empty']);

    // One-click unsubscribe: a POST without sign-in turns the digest off.
    const path = unsubscribe.slice(1, -1).replace('https://skillroom.test', '');
    const page = await s.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await s.api('GET', `${API}/email-subscriptions`, { token: w.linked.token })).json()['hydra:member']).toHaveLength(0);
    const post = await s.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    const list = (await s.api('GET', `${API}/email-subscriptions`, { token: w.linked.token })).json()['hydra:member'];
    expect(list).toMatchObject([{ digest: 'off', user: w.linked.iri, hasNewsletterSubscription: false }]);
    await rate(s, w.creator, w.cls.id, a1!, { students: [first], description: 'After unsubscribing.' });
    await run(new Date(now.getTime() + 7 * 86_400_000));
    expect(to(w.linked)).toHaveLength(1);

    // An altered token changes nothing.
    const bad = await s.app.inject({ method: 'POST', url: path.replace(/token=(\d+)\./, (_m, id: string) => `token=${Number(id) + 1}.`) });
    expect(bad.statusCode).toBe(400);
    expect((await s.app.inject({ method: 'POST', url: `${PUB}/email-digest/unsubscribe?token=x` })).statusCode).toBe(400);
  });

  it('a run after a crash between sending and marking sends nobody a second digest; a refused mail is tried again', async () => {
    const { s, w } = t;
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.second, parent);
    const [skill] = await classSkills(s, w.creator, w.cls.id);
    await rate(s, w.creator, w.cls.id, skill!.learningActions[0]!.id, { students: [`${API}/teaching-class-student/${w.second.id}`] });
    const now = nextFriday();
    // The claim a dead run left behind, its mail perhaps sent: this period is not sent again.
    const period = latestPeriod(now, 'weekly', 'UTC');
    await s.ctx.db.insert(emailDigests).values({ userId: parent.id, periodKey: period.key, since: period.start, until: now });
    await run(now);
    expect(to(parent)).toHaveLength(0);

    // Daily for this user: the next period's digest still has the rating (it starts where the last finished one ended).
    const patch = async (body: unknown) => {
      const id = (await s.api('GET', `${API}/email-subscriptions`, { token: parent.token })).json()['hydra:member'][0]?.id;
      return id
        ? s.api('PATCH', `${API}/email-subscription/${id}`, { token: parent.token, body })
        : s.api('POST', `${API}/email-subscription`, { token: parent.token, body: { user: parent.iri, ...(body as object) } });
    };
    expect((await patch({ digest: 'daily' })).statusCode).toBe(201);
    const sent = s.ctx.mailer.send.bind(s.ctx.mailer);
    let refuse = true;
    s.ctx.mailer.send = async (mail) => {
      if (refuse) throw Object.assign(new Error('451 try again later'), { responseCode: 451 });
      return sent(mail);
    };
    const later = new Date(now.getTime() + 86_400_000);
    try {
      await expect(run(later)).rejects.toThrow('451');
      refuse = false;
      await run(later);
      await run(later);
    } finally {
      s.ctx.mailer.send = sent;
    }
    expect(to(parent)).toHaveLength(1);
  });

  it('nothing is sent when nothing is new; quiet hours hold a digest until they end', async () => {
    const { s, w } = t;
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, parent);
    const now = nextFriday();
    await s.ctx.db.execute(sql`update rating set created = created - interval '30 days'`);
    await run(now);
    expect(to(parent)).toHaveLength(0);
    expect((await digestRows(parent)).map((r) => r.state)).toEqual(['empty']);

    const quiet = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, quiet);
    await s.ctx.db.update(users).set({ quietHoursStart: '15:00', quietHoursEnd: '17:00' }).where(eq(users.id, quiet.id));
    const [skill] = await classSkills(s, w.creator, w.cls.id);
    await rate(s, w.creator, w.cls.id, skill!.learningActions[0]!.id, { students: [`${API}/teaching-class-student/${w.first.id}`] });
    await run(now);
    expect(await digestRows(quiet)).toHaveLength(0);
    await run(new Date(now.getTime() + 61 * 60_000));
    expect(to(quiet)).toHaveLength(1);
  });

  it('email-subscription: own only, one per user, bad input gives 400 violations', async () => {
    const { s, w } = t;
    const made = await s.api('POST', `${API}/email-subscription`, { token: w.creator.token, body: { user: w.creator.iri } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ '@type': 'EmailSubscription', digest: 'off', hasNewsletterSubscription: false });
    const id = made.json().id as number;
    const again = await s.api('POST', `${API}/email-subscription`, { token: w.creator.token, body: { user: w.creator.iri } });
    expect(again.statusCode).toBe(400);
    expect(again.json().violations).toEqual([{ propertyPath: 'user', message: 'This value is already used.' }]);
    const forOther = await s.api('POST', `${API}/email-subscription`, { token: w.stranger.token, body: { user: w.creator.iri } });
    expect(forOther.statusCode).toBe(403);
    for (const u of [w.coteacher, w.evaluator, w.linked, w.stranger]) {
      expect((await s.api('GET', `${API}/email-subscription/${id}`, { token: u.token })).statusCode).toBe(404);
      expect((await s.api('PATCH', `${API}/email-subscription/${id}`, { token: u.token, body: { digest: 'daily' } })).statusCode).toBe(404);
    }
    expect((await s.api('GET', `${API}/email-subscription/${id}`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/email-subscriptions`)).statusCode).toBe(401);
    for (const [body, path] of [
      [{ digest: 'hourly' }, 'digest'],
      [{ digest: null }, 'digest'],
      [{ hasNewsletterSubscription: 'yes' }, 'hasNewsletterSubscription'],
      [{ colour: 'red' }, ''],
    ] as const) {
      const res = await s.api('PATCH', `${API}/email-subscription/${id}`, { token: w.creator.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([path]);
    }
    const ok = await s.api('PATCH', `${API}/email-subscription/${id}`, { token: w.creator.token, body: { digest: 'weekly' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().digest).toBe('weekly');
  });

  it('deleting the account takes its subscription and digest rows', async () => {
    const { s, w } = t;
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, parent);
    await s.api('POST', `${API}/email-subscription`, { token: parent.token, body: { user: parent.iri, digest: 'daily' } });
    await run(nextFriday());
    expect(await digestRows(parent)).not.toHaveLength(0);
    const del = await s.api('DELETE', `${API}/user/${parent.id}`, { token: parent.token, body: { currentPassword: parent.password } });
    expect(del.statusCode, del.body).toBe(204);
    expect(await digestRows(parent)).toHaveLength(0);
    const left = await s.ctx.db.execute(sql`select count(*)::int n from email_subscription where user_id = ${parent.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
