// The mixed traffic of the cluster run, through HAProxy: reads, ratings with a photo, requests to join a class (each
// one a notification to the class's owner, whose stream is open), sign-ins, and a probe of the shared limits.
import { AUTH, PUBLIC, call, freshIp, uploadForm, type Account } from './client';

export interface ClassSetup {
  owner: Account;
  classId: number;
  invitationCode: string;
  actionId: number;
  studentIris: string[];
}

export interface Tally {
  reads: { ok: number; failed: number };
  /** Writes answered 2xx, by table, with the ids the answers named. */
  acknowledged: { media: number[]; rating: number[]; teaching_class_teacher_invitation: number[] };
  writesFailed: number;
  signIns: { ok: number; failed: number };
  /** The rate-limit probe: correct sign-ins from one address, answers by status. */
  probe: Record<number, number>;
  /** Wrong passwords for one account from one address, answers by status. */
  lock: Record<number, number>;
}

export const newTally = (): Tally => ({
  reads: { ok: 0, failed: 0 },
  acknowledged: { media: [], rating: [], teaching_class_teacher_invitation: [] },
  writesFailed: 0,
  signIns: { ok: 0, failed: 0 },
  probe: {},
  lock: {},
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ok = (status: number) => status >= 200 && status < 300;
const idOf = (body: unknown) => (body as { id: number }).id;

/** Runs `step` again and again until `until`, never two at once, and counts a thrown error as `onError`. */
async function loop(until: number, pauseMs: number, step: () => Promise<void>, onError: () => void) {
  while (Date.now() < until) {
    await step().catch(onError);
    await sleep(pauseMs);
  }
}

export interface TrafficPlan {
  base: string;
  classes: ClassSetup[];
  joiners: Account[];
  probeUser: Account;
  lockUser: Account;
  photo: Buffer;
  start: number;
  end: number;
  /** When the limit probes run (ms since start): around the kill, within one rate-limit window. */
  probeWindow: [number, number];
}

export function runTraffic(p: TrafficPlan, t: Tally) {
  const { base, classes } = p;
  const read = async (c: ClassSetup) => {
    for (const path of [
      `${AUTH}/teaching-classes?page=1&itemsPerPage=10`,
      `${AUTH}/teaching-class/${c.classId}`,
      `${AUTH}/teaching-class/${c.classId}/learning-skills`,
    ]) {
      const r = await call(base, 'GET', path, { token: c.owner.token });
      if (ok(r.status)) t.reads.ok++;
      else t.reads.failed++;
    }
  };
  const rate = async (c: ClassSetup, n: number) => {
    const up = await call(base, 'POST', `${AUTH}/media`, {
      token: c.owner.token,
      form: uploadForm(34, p.photo, 'photo.jpg', 'image/jpeg'),
    });
    if (!ok(up.status)) return void t.writesFailed++;
    t.acknowledged.media.push(idOf(up.body));
    const body = {
      teachingClass: `${AUTH}/teaching-class/${c.classId}`,
      learningAction: `${AUTH}/learning-action/${c.actionId}`,
      date: '2026-10-05',
      points: 1 + (n % 4),
      description: `Cluster rating ${n}`,
      students: [c.studentIris[n % c.studentIris.length]],
      medias: [(up.body as { '@id': string })['@id']],
    };
    const r = await call(base, 'POST', `${AUTH}/rating`, { token: c.owner.token, body });
    if (ok(r.status)) t.acknowledged.rating.push(idOf(r.body));
    else t.writesFailed++;
  };
  // Each joiner asks each class once: a pending request cannot be made twice.
  const asks = p.joiners.flatMap((j) => classes.map((c) => ({ j, c })));
  const ask = async () => {
    const next = asks.shift();
    if (!next) return;
    const r = await call(base, 'POST', `${AUTH}/teaching-class-teacher-invitation`, {
      token: next.j.token,
      body: { invitationCode: next.c.invitationCode },
    });
    if (ok(r.status)) t.acknowledged.teaching_class_teacher_invitation.push(idOf(r.body));
    else t.writesFailed++;
  };
  const signIn = async (a: Account, password: string, ip: string) =>
    (await call(base, 'POST', `${PUBLIC}/login_check`, { body: { username: a.username, password }, ip })).status;
  const count = (m: Record<number, number>, status: number) => (m[status] = (m[status] ?? 0) + 1);
  const inWindow = async (step: () => Promise<void>, pauseMs: number) => {
    await sleep(Math.max(0, p.start + p.probeWindow[0] - Date.now()));
    await loop(p.start + p.probeWindow[1], pauseMs, step, () => {});
  };
  let n = 0;
  const failedWrite = () => t.writesFailed++;
  return Promise.all([
    ...classes.map((c) =>
      loop(
        p.end,
        100,
        () => read(c),
        () => t.reads.failed++,
      ),
    ),
    ...classes.map((c) => loop(p.end, 300, () => rate(c, n++), failedWrite)),
    loop(p.end, 400, ask, failedWrite),
    loop(
      p.end,
      1500,
      async () => {
        const c = classes[n % classes.length]!;
        if (ok(await signIn(c.owner, c.owner.password, freshIp()))) t.signIns.ok++;
        else t.signIns.failed++;
      },
      () => t.signIns.failed++,
    ),
    inWindow(async () => void count(t.probe, await signIn(p.probeUser, p.probeUser.password, '192.0.2.10')), 200),
    inWindow(async () => void count(t.lock, await signIn(p.lockUser, 'not the password', freshIp())), 250),
  ]);
}
