import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { demoIds, signIn, startServer } from '../web-servers';

const dist = process.env.DIST ?? '/tmp/dist-dbg';
const paths = (process.env.PATHS ?? '/teaching-class/{class}').split(',');
const server = await startServer('diag', { DEMO: 'true', WEB_DIST_DIR: dist });
try {
  const ids = await demoIds(server.origin);
  for (const p0 of paths) {
    const p = p0.replace(/\{(\w+)\}/g, (_, k: string) => String((ids as unknown as Record<string, number>)[k]));
    const as = process.env.AS ?? 'teacher';
    const pair = await signIn(server.origin, as);
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
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.origin}/web${p}`);
    await new Promise((r) => setTimeout(r, 9000));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: any };
    fs.writeFileSync(`/tmp/prof-${p.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    const self = new Map<string, number>();
    const dt = profile.timeDeltas as number[];
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
    profile.samples.forEach((id: number, i: number) => {
      const n: any = byId.get(id);
      const cf = n.callFrame;
      const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
      self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0));
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.log(`== ${p}`);
    for (const [k, v] of top) console.log((v / 1000).toFixed(1).padStart(8), k);
    await browser.close();
  }
} finally {
  await server.stop();
}
