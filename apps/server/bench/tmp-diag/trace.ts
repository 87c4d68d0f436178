import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { demoIds, signIn, startServer } from '../web-servers';

const dist = process.env.DIST ?? '/tmp/dist-dbg';
const p0 = process.env.P ?? '/teaching-class/{class}';
const server = await startServer('diag', { DEMO: 'true', WEB_DIST_DIR: dist });
try {
  const ids = await demoIds(server.origin);
  const p = p0.replace(/\{(\w+)\}/g, (_, k: string) => String((ids as unknown as Record<string, number>)[k]));
  const pair = await signIn(server.origin, process.env.AS ?? 'teacher');
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
  await page.tracing.start({ path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'] });
  await page.goto(`${server.origin}/web${p}`);
  await new Promise((r) => setTimeout(r, 9000));
  await page.tracing.stop();
  await browser.close();
} finally {
  await server.stop();
}
