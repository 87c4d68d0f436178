// One Lighthouse run of `npm run bench:web` in a fresh Debian Chromium (puppeteer-core drives it; no browser is downloaded),
// and the installability check of the app.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Recent Chromium builds preload the omnibox popup's WebUI in a renderer of its own at every start, headless too: here about
  // 2.4 s of CPU (the browser's whole start with it 4.8 s, without it 2.4 s), on a 2-core host, in the seconds Lighthouse loads
  // the page. A phone's browser has its address bar up before a page loads, so the runs measure the page alone (Puppeteer's
  // own defaults disable the last two upstream).
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * How long a run waits for the page to count as loaded. The notification stream (a fetch at high priority that never ends)
 * and the keepalive analytics request keep Lighthouse's "network quiet" from ever coming, so every signed-in run would wait
 * the full default of 45 s. With simulated throttling the metrics come from the trace and the network graph, not from the
 * wall clock: a 10 s cap ends each run well after the unthrottled page has loaded, and the run is flagged `timedOut`.
 */
export const MAX_WAIT_FOR_LOAD_MS = 10_000;

export type FormFactor = 'mobile' | 'desktop';

const shared = { onlyCategories: ['performance'], maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS, disableFullPageScreenshot: true };
const configs: Record<FormFactor, Config> = {
  // Lighthouse's default: Moto G Power, slow 4G, 4× CPU slowdown, simulated.
  mobile: { extends: 'lighthouse:default', settings: shared },
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, ...shared } },
};

export interface Sample {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  sentBytes: number;
  /** The run hit MAX_WAIT_FOR_LOAD_MS (the page never let the network settle). */
  timedOut: boolean;
  lcpElement: string | null;
  /**
   * Lighthouse's measure of the host's CPU speed in this run (higher is faster). On a shared host it moves from run to run
   * (1,200 to 2,600 within minutes here), and TBT, whose simulation scales the observed tasks, moves with it.
   */
  benchmarkIndex: number;
}

export async function launch(): Promise<Browser> {
  return puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, defaultViewport: null });
}

export async function chromiumVersion(): Promise<string> {
  const browser = await launch();
  try {
    return await browser.version();
  } finally {
    await browser.close();
  }
}

/** WEB_BENCH_DUMP=<folder> keeps each run's whole report (its long tasks, script costs, requests) to find what to fix. */
function dump(url: string, formFactor: FormFactor, lhr: object) {
  const dir = process.env.WEB_BENCH_DUMP;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${formFactor}-${Date.now()}.json`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify(lhr));
}

/** One cold run of `url`; with `cookies`, they are set in the browser before Lighthouse navigates (it never clears cookies). */
export async function measure(url: string, formFactor: FormFactor, cookies: Record<string, string> | null): Promise<Sample> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    if (cookies) {
      const { hostname } = new URL(url);
      await browser.setCookie(
        ...Object.entries(cookies).map(([name, value]) => ({ name, value, domain: hostname, path: '/', sameSite: 'Lax' as const })),
      );
    }
    const result = await lighthouse(url, { logLevel: 'error', output: 'json' }, configs[formFactor], page);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    dump(url, formFactor, lhr);
    const value = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (typeof v !== 'number') throw new Error(`${url}: no value for ${id}`);
      return v;
    };
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] }
    )?.items;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      sentBytes: value('total-byte-weight'),
      timedOut: lhr.runWarnings.some((w) => /too slowly|did not load/i.test(w)),
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.close();
  }
}

export interface Installability {
  url: string;
  serviceWorkerActive: boolean;
  installable: boolean;
  errors: { id: string; arguments: { name: string; value: string }[] }[];
  manifestErrors: { message: string; critical: number }[];
}

/** Chromium's own verdict (CDP Page.getInstallabilityErrors) on the app's start page once its service worker is active. */
export async function installability(url: string): Promise<Installability> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Run in the page (a string: this file is typed for Node, not the DOM).
    const ready =
      'Promise.race([navigator.serviceWorker.ready.then((r) => Boolean(r.active)), new Promise((r) => setTimeout(() => r(false), 20000))])';
    const serviceWorkerActive = await page.evaluate(ready).then(Boolean, () => false);
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest', {});
    return {
      url,
      serviceWorkerActive,
      installable: installabilityErrors.length === 0,
      errors: installabilityErrors.map((e) => ({ id: e.errorId, arguments: e.errorArguments })),
      manifestErrors: manifest.errors.map((e) => ({ message: e.message, critical: e.critical })),
    };
  } finally {
    await browser.close();
  }
}
