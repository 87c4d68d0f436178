// A/B: observed blocking time (sum of task time over 50 ms) with 4x CPU throttling, alternating dists.
import puppeteer from 'puppeteer-core';
import { demoIds, signIn, startServer } from '../web-servers';

const dists = process.argv.slice(2);
const p0 = process.env.P ?? '/teaching-class/{class}';
const rounds = Number(process.env.ROUNDS ?? 3);
const servers = [];
for (const d of dists) servers.push(await startServer('ab', { DEMO: 'true', WEB_DIST_DIR: d }));
const res: Record<string, number[][]> = {};
try {
  for (let r = 0; r < rounds; r++)
    for (const [i, s] of servers.entries()) {
      const ids = await demoIds(s.origin);
      const p = p0.replace(/\{(\w+)\}/g, (_, k: string) => String((ids as unknown as Record<string, number>)[k]));
      const pair = await signIn(s.origin, process.env.AS ?? 'teacher');
      const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] });
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      if (!process.env.ANON)
        await browser.setCookie(
          { name: 'BEARER', value: pair.token, domain: '127.0.0.1', path: '/' },
          { name: 'REFRESH_TOKEN', value: pair.refresh_token, domain: '127.0.0.1', path: '/' },
        );
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluateOnNewDocument(() => {
        (window as any).__lt = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => (window as any).__lt.push(e.duration))).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${s.origin}/web${p}`);
      await new Promise((r) => setTimeout(r, 10000));
      const lt = (await page.evaluate(() => (window as any).__lt)) as number[];
      const lcp = await page.evaluate(() => new Promise<number>((ok) => new PerformanceObserver((l) => ok(l.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true })));
      const tbt = lt.reduce((n, d) => n + Math.max(0, d - 50), 0);
      (res[dists[i]!] ??= []).push([Math.round(tbt), lt.length, Math.round(Math.max(...lt, 0)), Math.round(lcp)]);
      console.log(dists[i], 'tbt', Math.round(tbt), 'long', lt.length, 'max', Math.round(Math.max(...lt, 0)), 'lcp', Math.round(lcp), 'load', (await import('node:os')).loadavg()[0].toFixed(1));
      await browser.close();
    }
} finally {
  for (const s of servers) await s.stop();
}
