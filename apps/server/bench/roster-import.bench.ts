// Part of `npm run bench` (called from run.ts with the running server; alone with BENCH_ONLY=roster-import): the roster
// import (DESIGN §8) of a 1,000-row CSV file, the limit, as a dry run (read and judged, nothing written) and for real
// (1,000 Students and places in one transaction, each into a fresh class), and the dry run of the same list as xlsx.
// Each is timed end to end from the client, ITERATIONS times after one warm-up; target: each median under 2 s.
// Figures go to the console and to bench/roster-import-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ROSTER_IMPORT_LIMITS } from '@skillroom/contract';

const ITERATIONS = Number(process.env.BENCH_IMPORT_ITERATIONS ?? 7);
const TARGET_MS = 2000;
const ROWS = ROSTER_IMPORT_LIMITS.maxRows;
const API = '/api/auth/v1';
const here = import.meta.dirname;

/** A teacher of their own, so that the classes made here change no other benchmark's figures. */
async function teacher(base: string) {
  const username = `importer-${Date.now()}`;
  const user = {
    username,
    email: `${username}@bench.local`,
    plainPassword: 'bench importer password',
    firstName: 'Im',
    lastName: 'Porter',
  };
  const json = { 'content-type': 'application/json' };
  const made = await fetch(`${base}/api/public/v1/user`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ...user, accountTypeRadio: 'teacher', preferredLanguage: 'en' }),
  });
  if (made.status !== 201) throw new Error(`sign-up answered ${made.status}`);
  const login = await fetch(`${base}/api/public/v1/login_check`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: user.plainPassword }),
  });
  return ((await login.json()) as { token: string }).token;
}

async function newClass(base: string, token: string, n: number) {
  const body = { name: `Import ${n}`, year: 2026, start: '2026-09-01', end: '2027-07-15', grade: '4', term: 'Autumn' };
  const res = await fetch(`${base}${API}/teaching-class`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { id: number }).id;
}

const rows = Array.from({ length: ROWS }, (_, i) => [`Pupil${i}`, `Surname ${i}`, `B-${i}`]);
const csv = Buffer.from(`First name,Last name,Code\n${rows.map((r) => r.join(',')).join('\n')}\n`);

async function xlsx() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Class');
  ws.addRow(['First name', 'Last name', 'Code']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One import, timed from the request to the last byte of its answer. */
async function timedImport(base: string, token: string, classId: number, file: Buffer, name: string, dryRun: boolean) {
  const form = new FormData();
  form.set('teachingClass', String(classId));
  form.set('dryRun', String(dryRun));
  form.set('file', new Blob([file]), name);
  const t = performance.now();
  const res = await fetch(`${base}${API}/teaching-class-student/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { rows?: unknown[] };
  const ms = performance.now() - t;
  if (res.status !== (dryRun ? 200 : 201) || body.rows?.length !== ROWS) throw new Error(`import answered ${res.status}`);
  return ms;
}

async function series(label: string, run: (i: number) => Promise<number>) {
  await run(-1);
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) times.push(await run(i));
  times.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  const median = r(times[Math.floor(times.length / 2)]!);
  return {
    case: label,
    rows: ROWS,
    iterations: ITERATIONS,
    medianMs: median,
    minMs: r(times[0]!),
    maxMs: r(times.at(-1)!),
    meetsTarget: median < TARGET_MS,
  };
}

export async function benchRosterImport({ base }: { base: string }) {
  const token = await teacher(base);
  const dryClass = await newClass(base, token, 0);
  const book = await xlsx();
  const results = [
    await series('CSV, dry run', () => timedImport(base, token, dryClass, csv, 'class.csv', true)),
    await series('CSV, import', async (i) => timedImport(base, token, await newClass(base, token, i + 2), csv, 'class.csv', false)),
    await series('xlsx, dry run', () => timedImport(base, token, dryClass, book, 'class.xlsx', true)),
  ];
  console.info(`\nroster import of ${ROWS} rows, median of ${ITERATIONS} after a warm-up, PostgreSQL\n`);
  console.info(`${'case'.padEnd(16)}${'median ms'.padStart(11)}${'min'.padStart(9)}${'max'.padStart(9)}`);
  for (const r of results)
    console.info(r.case.padEnd(16) + [r.medianMs, r.minMs, r.maxMs].map((n, i) => String(n).padStart(i ? 9 : 11)).join(''));
  const ok = results.every((r) => r.meetsTarget);
  console.info(`\ntarget: each median under ${TARGET_MS} ms: ${ok ? 'met' : 'NOT met'}`);
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    targetMs: TARGET_MS,
    ok,
    results,
  };
  fs.writeFileSync(path.join(here, 'roster-import-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!ok) process.exitCode = 1;
}
