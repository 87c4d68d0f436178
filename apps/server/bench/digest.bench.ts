// Part of `npm run bench` (BENCH_ONLY=digest alone): the e-mail digest job (DESIGN §11) for 1,000 families with 10 new
// ratings each (2 of them with a photo), on a fresh PostgreSQL database bench_d_<random>, the job run in this process
// (as the queue runs it) against a real SMTP server (smtp-server) on 127.0.0.1 and a free port, which reads each mail
// to its end and drops it.
//
// Floor, in the same run: the same number of mails, each the size of a real digest with its pictures, sent through the
// same mailer (its pool of SMTP connections) to the same server, as many at once as the job, with no database work:
// what SMTP alone costs on this machine. Memory: resident size
// and heap sampled every 50 ms during the job (peaks), and the live heap after a forced collection when the 100th,
// 500th and 1,000th digests are sent: flat when the 1,000th is within FLAT_MB of the 100th (the job reads readers a
// page at a time and builds one mail at a time, so nothing should grow with the number of families).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { MediaType } from '@skillroom/contract';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createFileStore } from '../src/lib/file-store-factory';
import { createMailer, SMTP_CONNECTIONS, type Mail } from '../src/lib/mailer';
import sharp from '../src/lib/sharp';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { DIGESTS_AT_ONCE, emailDigestsService } from '../src/modules/email-digests/email-digests.service';
import { latestPeriod } from '../src/modules/email-digests/digest-period';
import { admin } from './bench-server';

const FAMILIES = Number(process.env.BENCH_DIGEST_FAMILIES ?? 1000);
const RATINGS = 10;
const PHOTOS = 2;
const TARGET_SECONDS = 60;
const FLAT_MB = 16;
const here = import.meta.dirname;
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], files: ReturnType<typeof createFileStore>, created: Date) {
  await seedLearningSkills({ db, files });
  const perClass = 30;
  const classes = Math.ceil(FAMILIES / perClass);
  await db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name)
    values ('bench-teacher', 'teacher@example.org', 'not-a-hash', 'Grace', 'Hopper')`);
  await db.execute(sql`insert into teaching_class (name, invitation_code, year, start, "end", creator_id)
    select 'Class ' || g, 'D' || lpad(g::text, 7, '0'), 2026, '2026-09-01', '2027-07-15', 1 from generate_series(1, ${classes}) g`);
  await db.execute(sql`insert into student (first_name, last_name, creator_id)
    select 'Student' || g, 'Number' || g, 1 from generate_series(1, ${FAMILIES}) g`);
  await db.execute(sql`insert into teaching_class_student
      (first_name, last_name, student_id, teaching_class_id, creator_id, invitation_code)
    select s.first_name, s.last_name, s.id, 1 + (s.id - 1) / ${perClass}, 1, 'P' || lpad(s.id::text, 7, '0') from student s`);
  // One family a child, weekly (their default), in UTC, never quiet: each is due at the same Friday 16:00.
  await db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name, account_type, time_zone)
    select 'family' || g, 'family' || g || '@example.org', 'not-a-hash', 'Parent', 'Number' || g, 'parent_user', 'UTC'
    from generate_series(1, ${FAMILIES}) g`);
  await db.execute(sql`insert into student_profile_user
      (student_id, user_id, teaching_class_id, teaching_class_student_id, is_via_invitation)
    select p.student_id, u.id, p.teaching_class_id, p.id, true from teaching_class_student p
    join app_user u on u.username = 'family' || p.student_id`);
  const [skill] = (
    (await db.execute(
      sql`select a.id "actionId", a.learning_skill_id "skillId" from learning_action a order by a.id limit 1`,
    )) as unknown as {
      rows: { actionId: number; skillId: number }[];
    }
  ).rows;
  await db.execute(sql`insert into rating
      (teaching_class_id, learning_skill_id, learning_action_id, date, points, description, is_whole_class,
      creator_id, created, updated)
    select p.teaching_class_id, ${skill!.skillId}, ${skill!.actionId}, '2026-10-05', 3,
      'Explained the steps of the task to a friend, then tried it alone. Note ' || k || ' of place ' || p.id, false, 1,
      ${created.toISOString()}, ${created.toISOString()}
    from teaching_class_student p, generate_series(1, ${RATINGS}) k`);
  await db.execute(sql`insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
    select r.id, p.student_id, p.id, r.date from rating r
    join teaching_class_student p on p.id = split_part(r.description, ' of place ', 2)::int`);
  // Two pictures a family, each its own stored thumbnail.
  const thumb = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer();
  await db.execute(sql`insert into media
      (file_name, file_original_name, mime_type, size, file_dimensions, media_type, storage_key, thumb_key)
    select 'p.jpg', 'p.jpg', 'image/jpeg', 1000, '320x240', ${MediaType.RatingPhoto},
      'bench/' || r.id || '.jpg', 'thumb/bench/' || r.id || '.webp'
    from rating r where split_part(split_part(r.description, 'Note ', 2), ' ', 1)::int <= ${PHOTOS}`);
  await db.execute(sql`insert into rating_media (rating_id, media_id)
    select split_part(split_part(m.storage_key, '/', 2), '.', 1)::int, m.id from media m where m.storage_key like 'bench/%'`);
  const keys = (await db.execute(sql`select thumb_key k from media where storage_key like 'bench/%'`)) as unknown as {
    rows: { k: string }[];
  };
  for (const { k } of keys.rows) await files.put(k, thumb);
  await db.execute(sql`analyze`);
}

export async function benchDigest(adminUrl: string) {
  const name = `bench_d_${crypto.randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-d-'));
  let mails = 0;
  let bytes = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection: a sandbox without DNS waits for it, and the figure would be the lookup's.
    disableReverseLookup: true,
    size: 50 * 1024 * 1024,
    onData(stream, _session, done) {
      stream.on('data', (c: Buffer) => (bytes += c.length));
      stream.on('end', () => (mails++, done()));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  await admin(adminUrl, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      PUBLIC_URL: 'https://skillroom.example.org',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    });
    // Warnings and errors to the terminal, the rest dropped, as the bench server's LOG_LEVEL=warn does.
    const quiet = () => undefined;
    const log = {
      warn: console.warn,
      error: console.error,
      fatal: console.error,
      info: quiet,
      debug: quiet,
      trace: quiet,
      silent: quiet,
      level: 'warn',
      child: () => log,
    } as unknown as FastifyBaseLogger;
    const files = createFileStore(config);
    const period = latestPeriod(new Date(), 'weekly', 'UTC');
    const now = new Date(period.due.getTime() + 7 * 86_400_000 + 5 * 60_000);
    const seeding = performance.now();
    await seed(database.db, files, new Date(now.getTime() - 2 * 86_400_000));
    console.info(`\ndigest job: seeded ${FAMILIES} families × ${RATINGS} ratings in ${Math.round(performance.now() - seeding)} ms`);

    const mailer = createMailer(config, log);
    // One real digest, to size the floor's mails: built by the job's own code for the first family.
    let sample: Mail | null = null;
    const heapAt: Record<number, number> = {};
    let sent = 0;
    const counting = {
      async send(mail: Mail) {
        sample ??= mail;
        await mailer.send(mail);
        sent++;
        if (sent === 100 || sent === Math.floor(FAMILIES / 2) || sent === FAMILIES) {
          gc();
          heapAt[sent] = process.memoryUsage().heapUsed;
        }
      },
    };
    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const t0 = performance.now();
    const outcome = await emailDigestsService.run({ db: database.db, files, config, mailer: counting, log }, now);
    const jobMs = performance.now() - t0;
    clearInterval(sampler);
    const again = await emailDigestsService.run(
      { db: database.db, files, config, mailer: counting, log },
      new Date(now.getTime() + 15 * 60_000),
    );
    if (outcome.sent !== FAMILIES || again.sent !== 0 || mails !== FAMILIES)
      throw new Error(`expected ${FAMILIES} digests once: ${JSON.stringify({ outcome, again, mails })}`);
    const mailBytes = Math.round(bytes / mails);

    const f0 = performance.now();
    // As many at once as the job makes digests (the mailer's pool then holds them to its connections).
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < FAMILIES; i = next++) await mailer.send({ ...sample!, to: `floor${i}@example.org` });
    };
    await Promise.all(Array.from({ length: DIGESTS_AT_ONCE }, sender));
    const floorMs = performance.now() - f0;
    mailer.close?.();

    const live = Object.fromEntries(Object.entries(heapAt).map(([k, v]) => [k, mb(v)]));
    const growth = mb((heapAt[FAMILIES] ?? 0) - (heapAt[100] ?? 0));
    const result = {
      families: FAMILIES,
      ratingsPerFamily: RATINGS,
      photosPerFamily: PHOTOS,
      digestsAtOnce: DIGESTS_AT_ONCE,
      smtpConnections: SMTP_CONNECTIONS,
      jobSeconds: Math.round(jobMs / 100) / 10,
      msPerDigest: Math.round((jobMs / FAMILIES) * 10) / 10,
      floorSeconds: Math.round(floorMs / 100) / 10,
      averageMailKb: Math.round(mailBytes / 1024),
      memory: {
        rssBeforeMb: mb(before.rss),
        peakRssMb: mb(peakRss),
        heapBeforeMb: mb(before.heapUsed),
        peakHeapMb: mb(peakHeap),
        liveHeapAfterSentMb: live,
        liveHeapGrowthMb: growth,
      },
    };
    const ok = jobMs < TARGET_SECONDS * 1000 && Math.abs(growth) <= FLAT_MB;
    console.info(
      `  job: ${result.jobSeconds} s for ${FAMILIES} digests (${result.msPerDigest} ms each, ~${result.averageMailKb} KB a mail); ` +
        `floor (the same mails, SMTP only): ${result.floorSeconds} s (target: job < ${TARGET_SECONDS} s)`,
    );
    console.info(
      `  memory: rss ${result.memory.rssBeforeMb} → peak ${result.memory.peakRssMb} MB, heap ${result.memory.heapBeforeMb} → peak ` +
        `${result.memory.peakHeapMb} MB; live heap after 100 / ${Math.floor(FAMILIES / 2)} / ${FAMILIES} sent: ` +
        `${Object.values(live).join(' / ')} MB (growth ${growth} MB, target flat: ≤ ${FLAT_MB} MB)`,
    );
    console.info(`  target: ${ok ? 'met' : 'NOT met'}`);
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      database: 'postgres',
      targets: { jobSeconds: TARGET_SECONDS, flatHeapMb: FLAT_MB },
      ok,
      ...result,
    };
    fs.writeFileSync(path.join(here, 'digest-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
    return out;
  } finally {
    await database.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `node --import tsx apps/server/bench/digest.bench.ts`.
if (process.argv[1] === import.meta.filename) {
  benchDigest(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
