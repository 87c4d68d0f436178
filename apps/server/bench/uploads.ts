// Part of `npm run bench` (called from run.ts with the running server): how much large image uploads slow down
// another teacher's class list. The class list median is measured idle, then while 8 uploads of a 20-megapixel JPEG
// run without pause, sent (a) by one user, whom UPLOADS_PER_USER holds to a few at a time, and (b) by 8 users, one each.
// Figures go to the console and to bench/uploads-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const CONNECTIONS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARALLEL = 8;
const LIST = '/api/auth/v1/teaching-classes?page=1&itemsPerPage=10';

/** Class-list latencies from CONNECTIONS clients for SECONDS, timed to the tenth of a millisecond (autocannon rounds to 1 ms). */
async function classListMedian(base: string, token: string) {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await fetch(base + LIST, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (res.status !== 200) errors++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), requests: times.length, errors };
}

async function signIn(base: string, n: number) {
  const username = `uploader${n}-${Date.now()}`;
  const user = { username, email: `${username}@bench.local`, plainPassword: 'bench uploader password', firstName: 'Up', lastName: `Loader ${n}`, accountTypeRadio: 'teacher', preferredLanguage: 'en' };
  const json = { 'content-type': 'application/json' };
  const made = await fetch(`${base}/api/public/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(user) });
  if (made.status !== 201) throw new Error(`sign-up failed: ${made.status} ${await made.text()}`);
  const login = await fetch(`${base}/api/public/v1/login_check`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: user.plainPassword }) });
  return ((await login.json()) as { token: string }).token;
}

/** Keeps one upload per token in flight until `stop`; a 429 waits for its Retry-After. */
function uploadLoop(base: string, tokens: string[], image: Blob, stop: { done: boolean }) {
  const counts = { accepted: 0, refused: 0, failed: 0 };
  const loops = tokens.map(async (token) => {
    while (!stop.done) {
      const form = new FormData();
      form.append('mediaType', '7');
      form.append('mediaFile[file]', image, 'photo.jpg');
      const res = await fetch(`${base}/api/auth/v1/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      await res.arrayBuffer();
      if (res.status === 201) counts.accepted++;
      else if (res.status === 429) {
        counts.refused++;
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      } else counts.failed++;
    }
  });
  return { counts, finished: Promise.all(loops) };
}

async function underUploads(base: string, token: string, uploaderTokens: string[], image: Blob) {
  const stop = { done: false };
  const loop = uploadLoop(base, uploaderTokens, image, stop);
  // Let the first uploads reach the image work before measuring.
  await new Promise((r) => setTimeout(r, 1500));
  const list = await classListMedian(base, token);
  stop.done = true;
  await loop.finished;
  return { ...list, uploads: loop.counts };
}

export async function benchUploads(base: string, token: string) {
  const jpeg = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const image = new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
  const one = await signIn(base, 0);
  const many = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => signIn(base, i + 1)));

  const idle = await classListMedian(base, token);
  const oneUser = await underUploads(base, token, Array<string>(PARALLEL).fill(one), image);
  const manyUsers = await underUploads(base, token, many, image);
  const ratio = (p50: number) => Math.round((p50 / idle.p50) * 10) / 10;

  console.info(`\nclass list (${CONNECTIONS} connections, ${SECONDS} s) beside ${PARALLEL} uploads of a ${Math.round(jpeg.length / 1e5) / 10} MB, 20-megapixel JPEG`);
  console.info(`${'while'.padEnd(34)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'× idle'.padStart(8)}  uploads 201 / 429`);
  console.info(`${'idle'.padEnd(34)}${String(idle.p50).padStart(8)}${String(idle.p99).padStart(8)}${'1'.padStart(8)}`);
  for (const [label, r] of [
    [`one user, ${PARALLEL} in parallel`, oneUser],
    [`${PARALLEL} users, one each`, manyUsers],
  ] as const) {
    console.info(`${label.padEnd(34)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${String(ratio(r.p50)).padStart(8)}  ${r.uploads.accepted} / ${r.uploads.refused}`);
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    imageBytes: jpeg.length,
    megapixels: 20,
    connections: CONNECTIONS,
    seconds: SECONDS,
    idle,
    oneUser: { ...oneUser, ratioToIdle: ratio(oneUser.p50) },
    manyUsers: { ...manyUsers, ratioToIdle: ratio(manyUsers.p50) },
  };
  fs.writeFileSync(path.join(import.meta.dirname, 'uploads-results.json'), `${JSON.stringify(out, null, 2)}\n`);
}
