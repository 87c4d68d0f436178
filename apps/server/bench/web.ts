// `npm run bench:web`: Lighthouse (performance only) on the app's main screens, mobile (Lighthouse's default: simulated slow 4G
// and 4× CPU) and desktop, three cold runs each, beside a bare Vite + React page (web-floor/) built and served the same way.
//
// Builds the app (`npm run build`) and the floor, starts the real server in production mode twice on free ports (the app with
// DEMO=true on a fresh data folder; the floor as WEB_DIST_DIR), signs the demo accounts in through the API before every run and
// sets the app's own cookies (BEARER, REFRESH_TOKEN) in Chromium before Lighthouse navigates. Writes web-results.json beside
// this file and prints the table. WEB_BENCH_RUNS (default 3) changes the runs; WEB_BENCH_ONLY=<screen>,… keeps some screens;
// WEB_BENCH_SKIP_BUILD=1 reuses apps/web/dist. WEB_BENCH_BASELINE=<git ref> also builds that commit's web app and measures it
// in the same run, each of its runs right after this build's (before and after on one host in the same minutes; the results
// file keeps it under `baseline`). It starts once the host's load is down to WEB_BENCH_MAX_LOAD (see waitForQuiet). Not part
// of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromiumVersion, installability, MAX_WAIT_FOR_LOAD_MS, measure, type FormFactor, type Sample } from './web-lighthouse';
import { buildBaseline, buildFloor, demoIds, signIn, startServer, type DemoIds, type Server } from './web-servers';

const root = path.resolve(import.meta.dirname, '../../..');
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const BASELINE = process.env.WEB_BENCH_BASELINE;
const ONLY = process.env.WEB_BENCH_ONLY?.split(',').map((s) => s.trim());
const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

interface Screen {
  name: string;
  /** Under /web; {class}, {place} and {childPlace} come from the demo data. */
  path: string;
  as: 'teacher' | 'parent' | null;
  floor?: true;
}

const SCREENS: Screen[] = [
  { name: 'bare Vite + React page', path: '/', as: null, floor: true },
  { name: 'sign-in', path: '/sign-in', as: null },
  { name: 'dashboard (teacher)', path: '/', as: 'teacher' },
  { name: 'class page', path: '/teaching-class/{class}', as: 'teacher' },
  { name: 'class report', path: '/teaching-class/{class}/report', as: 'teacher' },
  { name: 'student page', path: '/student/{place}', as: 'teacher' },
  { name: 'student report', path: '/student/{place}/report', as: 'teacher' },
  { name: 'notifications', path: '/notifications', as: 'teacher' },
  { name: "parent's child page", path: '/student/{childPlace}', as: 'parent' },
];

interface Stat {
  median: number;
  min: number;
  max: number;
}

const stat = (values: number[]): Stat => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // No sample (every attempt failed): NaN, written as null.
  const median = sorted.length % 2 ? sorted[mid]! : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
};

const round = (s: Stat, digits: number): Stat => {
  const r = (v: number) => Number(v.toFixed(digits));
  return { median: r(s.median), min: r(s.min), max: r(s.max) };
};

function summarise(samples: Sample[]) {
  return {
    runs: samples.length,
    performance: round(stat(samples.map((s) => s.score)), 0),
    lcpMs: round(stat(samples.map((s) => s.lcpMs)), 0),
    tbtMs: round(stat(samples.map((s) => s.tbtMs)), 0),
    cls: round(stat(samples.map((s) => s.cls)), 3),
    sentKB: round(stat(samples.map((s) => s.sentBytes / 1024)), 1),
    timedOutRuns: samples.filter((s) => s.timedOut).length,
    benchmarkIndex: round(stat(samples.map((s) => s.benchmarkIndex)), 0),
    lcpElements: [...new Set(samples.map((s) => s.lcpElement).filter(Boolean))],
  };
}

type Summary = ReturnType<typeof summarise>;

const fillPath = (p: string, ids: DemoIds) => p.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k as keyof DemoIds]));

function table(results: Record<string, Record<FormFactor, Summary>>, formFactor: FormFactor) {
  const range = (s: Stat, f: (v: number) => string) => `${f(s.median)} (${f(s.min)}..${f(s.max)})`;
  const sec = (v: number) => `${(v / 1000).toFixed(1)} s`;
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
  const lines = [
    `| ${formFactor} | performance | LCP | TBT | CLS | sent | CPU index |`,
    '|---|---|---|---|---|---|---|',
    ...Object.entries(results).map(([name, byForm]) => {
      const s = byForm[formFactor];
      const cells = [
        range(s.performance, String),
        range(s.lcpMs, sec),
        range(s.tbtMs, ms),
        range(s.cls, (v) => v.toFixed(3)),
        range(s.sentKB, (v) => `${v.toFixed(0)} KB`),
        range(s.benchmarkIndex, String),
      ];
      return `| ${name} | ${cells.join(' | ')} |`;
    }),
  ];
  return lines.join('\n');
}

/**
 * Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART, "run Lighthouse again"): such a run is made again, up
 * to twice, and counted in the results; a run that fails three times is left out of its screen's figures and named there.
 */
async function measureWithRetries(url: string, formFactor: FormFactor, as: Screen['as'], origin: string, retries: string[]) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      // A fresh pair for every run: the refresh token is single-use and the app may spend it.
      const pair = as ? await signIn(origin, as) : null;
      const sample = await measure(url, formFactor, pair ? { BEARER: pair.token, REFRESH_TOKEN: pair.refresh_token } : null);
      console.info(`${formFactor} ${url}: ${sample.score}, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms`);
      return sample;
    } catch (e) {
      retries.push(`${formFactor} ${new URL(url).pathname} (attempt ${attempt}): ${(e as Error).message.split('\n')[0]}`);
      console.warn(retries.at(-1));
    }
  }
  return null;
}

/**
 * Waits, up to WEB_BENCH_WAIT_S seconds (default 600), for the host's one-minute load to fall to WEB_BENCH_MAX_LOAD (default
 * 1.0): Lighthouse's simulation multiplies the tasks it observes, so a run right after the e2e tests (load 4) scored every
 * screen 10 to 20 points lower than the same build on a quiet host. Answers whether the host got quiet; the file records it.
 */
async function waitForQuiet(): Promise<boolean> {
  const max = Number(process.env.WEB_BENCH_MAX_LOAD ?? 1);
  const deadline = Date.now() + Number(process.env.WEB_BENCH_WAIT_S ?? 600) * 1000;
  while (os.loadavg()[0]! > max) {
    if (Date.now() > deadline) {
      console.warn(`the host is still busy (load ${os.loadavg()[0]!.toFixed(2)} > ${max}): measuring anyway, the figures will be low`);
      return false;
    }
    console.info(`waiting for a quiet host: load ${os.loadavg()[0]!.toFixed(2)} > ${max}`);
    await new Promise((r) => setTimeout(r, 15_000));
  }
  return true;
}

async function main() {
  const quiet = await waitForQuiet();
  const loadStart = os.loadavg();
  const started = new Date();
  if (process.env.WEB_BENCH_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const floorDist = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-web-floor-'));
  await buildFloor(floorDist);
  const baselineDist = BASELINE ? fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-web-baseline-dist-')) : null;
  const servers: Server[] = [];
  try {
    const baselineCommit = BASELINE && baselineDist ? (await buildBaseline(BASELINE, baselineDist)).commit : null;
    const app = await startServer('app', { DEMO: 'true' });
    servers.push(app);
    const floor = await startServer('floor', { DEMO: 'false', WEB_DIST_DIR: floorDist });
    servers.push(floor);
    const ids = await demoIds(app.origin);
    // The baseline's own server (same code, same demo data): its ids are looked up, not assumed equal.
    const baseline = baselineDist ? await startServer('baseline', { DEMO: 'true', WEB_DIST_DIR: baselineDist }) : null;
    if (baseline) servers.push(baseline);
    const baselineIds = baseline ? await demoIds(baseline.origin) : null;
    console.info(
      `class page: "${ids.className}" (#${ids.class}, ${ids.photos} photos on its ratings);`,
      `student #${ids.place}; child #${ids.childPlace}`,
    );
    const screens = SCREENS.filter((s) => !ONLY || ONLY.includes(s.name));
    const samples = new Map<string, Sample[]>();
    const baselineSamples = new Map<string, Sample[]>();
    const retries: string[] = [];
    // Runs go round the screens rather than three in a row, so that a burst of load on the machine spreads over all of them.
    for (let run = 1; run <= RUNS; run++) {
      for (const formFactor of FORM_FACTORS) {
        for (const screen of screens) {
          const url = `${screen.floor ? floor.origin : app.origin}/web${fillPath(screen.path, ids)}`;
          const sample = await measureWithRetries(url, formFactor, screen.as, app.origin, retries);
          if (!sample) continue;
          const key = `${screen.name}\u0000${formFactor}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          if (!baseline || !baselineIds || screen.floor) continue;
          const before = await measureWithRetries(
            `${baseline.origin}/web${fillPath(screen.path, baselineIds)}`,
            formFactor,
            screen.as,
            baseline.origin,
            retries,
          );
          if (before) baselineSamples.set(key, [...(baselineSamples.get(key) ?? []), before]);
        }
      }
    }
    const summariseAll = (from: Map<string, Sample[]>, list: Screen[]) =>
      Object.fromEntries(
        list.map((screen) => [
          screen.name,
          {
            mobile: summarise(from.get(`${screen.name}\u0000mobile`) ?? []),
            desktop: summarise(from.get(`${screen.name}\u0000desktop`) ?? []),
          },
        ]),
      ) as Record<string, Record<FormFactor, Summary>>;
    const results = summariseAll(samples, screens);
    const measured = screens.filter((s) => !s.floor);
    const before = baseline ? summariseAll(baselineSamples, measured) : null;
    const install = await installability(`${app.origin}/web/`);
    const require = createRequire(import.meta.url);
    const file = {
      date: started.toISOString(),
      finished: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        quietAtStart: quiet,
        loadavgStart: loadStart,
        loadavgEnd: os.loadavg(),
      },
      node: process.version,
      chromium: await chromiumVersion(),
      lighthouse: (require('lighthouse/package.json') as { version: string }).version,
      method: {
        mobile: "Lighthouse's default config: simulated throttling (slow 4G, 4× CPU), Moto G Power screen",
        desktop: "Lighthouse's desktop config: simulated throttling (10 Mbit/s, 40 ms, no CPU slowdown), 1350×940",
        runs: RUNS,
        maxWaitForLoadMs: MAX_WAIT_FOR_LOAD_MS,
        signedIn: "Demo accounts signed in through POST /api/public/v1/login_check before each run; the pair set as the app's cookies",
        sent: "Lighthouse's total-byte-weight: bytes transferred over the network (compressed), in KB of 1024 bytes",
      },
      demoClass: { id: ids.class, name: ids.className, photosOnRatings: ids.photos },
      screens: Object.fromEntries(
        screens.map((s) => [s.name, { path: s.floor ? '/web/ (floor)' : `/web${s.path}`, as: s.as, ...results[s.name] }]),
      ),
      installability: install,
      baseline: before && { ref: BASELINE, commit: baselineCommit, screens: before },
      failedAttempts: retries,
    };
    fs.writeFileSync(path.join(import.meta.dirname, 'web-results.json'), `${JSON.stringify(file, null, 2)}\n`);
    console.info(`\n${table(results, 'mobile')}\n\n${table(results, 'desktop')}\n`);
    if (before) console.info(`baseline ${BASELINE} (${baselineCommit}):\n\n${table(before, 'mobile')}\n\n${table(before, 'desktop')}\n`);
    console.info(`installable: ${install.installable} (service worker active: ${install.serviceWorkerActive})`, install.errors);
    console.info(
      `load average: start ${loadStart.map((l) => l.toFixed(2)).join(' ')}, end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(floorDist, { recursive: true, force: true });
    if (baselineDist) fs.rmSync(baselineDist, { recursive: true, force: true });
  }
}

await main();
