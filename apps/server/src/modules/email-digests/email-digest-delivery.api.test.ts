import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dbKind, signUp } from '../../../test/harness';
import { API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills, rate } from '../../../test/ratings';
import { createMailer } from '../../lib/mailer';
import { emailDigests } from '../../db/schema';
import { emailDigestsService } from './email-digests.service';
import { latestPeriod } from './digest-period';

/**
 * DESIGN §11 "E-mail digests" when delivery goes wrong, against a real SMTP server on a free port: one that refuses
 * a recipient (5xx), one that takes a mail and never answers, and one that never greets. Each run that could not send
 * fails for the queue's retry (with back-off: job-runner.api.test.ts), and no digest is lost or sent twice.
 */
type Mode = 'accept' | 'hang';
const received: ParsedMail[] = [];
const refused = new Set<string>();
let mode: Mode = 'accept';
const hanging: (() => void)[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, done) {
    if (refused.has(address.address)) {
      const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return done(err);
    }
    done();
  },
  onData(stream: SMTPServerDataStream, _session, done) {
    if (mode === 'hang') {
      // Read the mail, then never answer: the client's timeout decides. It is dropped when the test ends.
      stream.resume();
      stream.on('end', () => hanging.push(() => done(new Error('dropped'))));
      return;
    }
    simpleParser(stream).then(
      (m) => (received.push(m), done()),
      (e: Error) => done(e),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
// A server that takes the connection and never says a word (a dead relay behind a live port).
const silent = net.createServer(() => undefined);
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
afterAll(async () => {
  for (const h of hanging) h();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const t = withClassRoles({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TIMEOUT_SECONDS: '4' }, { skills: true });
/** The job's work with this context, at a chosen moment (as the queue runs it, and runs it again on a retry). */
const emailDigestsJob = (ctx: Parameters<typeof emailDigestsService.run>[0]) => (now: Date) => emailDigestsService.run(ctx, now);
const to = (u: TestUser) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === u.user.email);
const states = async (u: TestUser) =>
  (await t.s.ctx.db.select().from(emailDigests).where(eq(emailDigests.userId, u.id))).map((r) => r.state);
/** The next Friday's digest time in UTC, a minute past it: each test has families of its own, due then. */
const nextWeek = () => {
  const p = latestPeriod(new Date(), 'weekly', 'UTC');
  return new Date(p.due.getTime() + 7 * 86_400_000 + 60_000);
};

/** Families of the first child, each with one new rating of that child to be told of (its note as given). */
async function families(n: number, description = 'Explained fractions to the group.') {
  const { s, w } = t;
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, u);
    out.push(u);
  }
  const [skill] = await classSkills(s, w.creator, w.cls.id);
  await rate(s, w.creator, w.cls.id, skill!.learningActions[0]!.id, {
    students: [`${API}/teaching-class-student/${w.first.id}`],
    description,
  });
  return out;
}

describe(`e-mail digest delivery (${dbKind})`, { timeout: 120_000 }, () => {
  it('a recipient refused (550): the others are sent, the run fails for the retry, which sends only the refused one', async () => {
    const [a, b, c] = await families(3);
    const now = nextWeek();
    refused.add(b!.user.email);
    const job = emailDigestsJob(t.s.ctx);
    await expect(job(now)).rejects.toThrow(/1 digest\(s\) not sent: .*550/);
    expect([to(a!).length, to(b!).length, to(c!).length]).toEqual([1, 0, 1]);
    expect(await states(b!)).toEqual([]);
    refused.delete(b!.user.email);
    // The queue's retry, a minute later, and a second one for good measure.
    expect(await job(new Date(now.getTime() + 60_000))).toMatchObject({ sent: 1 });
    await job(new Date(now.getTime() + 3 * 60_000));
    expect([to(a!).length, to(b!).length, to(c!).length]).toEqual([1, 1, 1]);
    expect(await states(b!)).toEqual(['sent']);
  });

  it('a server that never greets: the run stops at the first reader, fails for the retry, and the retry sends each once', async () => {
    const [a, b] = await families(2);
    const now = nextWeek();
    const dead = createMailer(
      { ...t.s.ctx.config, smtp: { ...t.s.ctx.config.smtp!, port: (silent.address() as AddressInfo).port } },
      t.s.ctx.log,
    );
    const started = Date.now();
    await expect(emailDigestsJob({ ...t.s.ctx, mailer: dead })(now)).rejects.toThrow(/not sent/);
    dead.close?.();
    // One timeout, not one per reader: an unreachable server stops the run.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect([...(await states(a!)), ...(await states(b!))]).toEqual([]);
    await emailDigestsJob(t.s.ctx)(new Date(now.getTime() + 60_000));
    expect([to(a!).length, to(b!).length]).toEqual([1, 1]);
  });

  it('a server that takes the mail and never answers: the digest kept as perhaps sent, never sent twice, no rating lost', async () => {
    const [a] = await families(1);
    const now = nextWeek();
    mode = 'hang';
    try {
      await expect(emailDigestsJob(t.s.ctx)(now)).rejects.toThrow(/not sent/);
    } finally {
      mode = 'accept';
    }
    // It may have been delivered: the period is not sent again.
    expect(await states(a!)).toEqual(['sending']);
    await emailDigestsJob(t.s.ctx)(new Date(now.getTime() + 60_000));
    expect(to(a!)).toHaveLength(0);
    // The next period's digest starts where the last finished one ended: the rating comes then.
    await emailDigestsJob(t.s.ctx)(new Date(now.getTime() + 7 * 86_400_000));
    expect(to(a!)).toHaveLength(1);
    expect(to(a!)[0]!.text).toContain('Amara');
  });

  it('HTML in a note is text in the e-mail: escaped in the HTML part, as written in the text part', async () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quoted"';
    const [a] = await families(1, hostile);
    await emailDigestsJob(t.s.ctx)(nextWeek());
    const [m] = to(a!);
    expect(m!.text).toContain(hostile);
    expect(m!.html).not.toContain('<script');
    expect(m!.html).not.toContain('<img src=x');
    expect(m!.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62; &#38; &#34;quoted&#34;');
  });
});
