// Family letters (issue 16, DESIGN §8), called from run.ts with the database and server it made: the PDF of a class of
// 30 students (a third of the letters in Spanish, a third in Chinese, a third in the creator's English), asked one at a
// time as a teacher would, after one warm-up. Target: median under 2 s. Written to family-letters-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';

const RUNS = Number(process.env.BENCH_LETTER_RUNS ?? 15);
const TARGET_MS = 2000;
const CLASS_ID = 3;
const here = import.meta.dirname;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function benchFamilyLetters({ databaseUrl, base, token }: { databaseUrl: string; base: string; token: string }) {
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  try {
    await database.db.execute(sql`update teaching_class_student
      set family_language = case id % 3 when 0 then 'zh-HK' when 1 then 'es' end where teaching_class_id = ${CLASS_ID}`);
  } finally {
    await database.close();
  }
  const url = `${base}/api/auth/v1/family-letters/class/${CLASS_ID}`;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !body.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error(`family letters answered ${res.status}`);
    return { ms: performance.now() - started, bytes: body.length };
  };
  const first = await once();
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const median = round(quantile(sorted, 0.5));
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    students: 30,
    languages: { es: 10, 'zh-HK': 10, en: 10 },
    runs: RUNS,
    firstMs: round(first.ms),
    medianMs: median,
    p90Ms: round(quantile(sorted, 0.9)),
    maxMs: round(sorted.at(-1)!),
    bytes: runs[0]!.bytes,
    targetMs: TARGET_MS,
    ok: median < TARGET_MS,
  };
  console.info(
    `\nfamily letters, 30 students in three languages: first ${out.firstMs} ms, median ${out.medianMs} ms, p90 ${out.p90Ms} ms, ` +
      `${Math.round(out.bytes / 1024)} KB; target median under ${TARGET_MS} ms: ${out.ok ? 'met' : 'NOT met'}`,
  );
  fs.writeFileSync(path.join(here, 'family-letters-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!out.ok) process.exitCode = 1;
}
