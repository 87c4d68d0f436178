import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3208';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function session(username, width, locale = 'en') {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const res = await ctx.request.post(`${base}/api/public/v1/login_check`, { data: { username, password: 'skillroom-demo' } });
  const { token, refresh_token } = await res.json();
  await ctx.addCookies([{ name: 'BEARER', value: token, domain: '127.0.0.1', path: '/' }, { name: 'REFRESH_TOKEN', value: refresh_token, domain: '127.0.0.1', path: '/' }]);
  await ctx.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${username} ${width}] console ${m.type()}: ${m.text()}`); });
  return { ctx, page, token };
}
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const { ctx, page } = await session(s.user, s.width, s.locale);
  await page.goto(`${base}/web${s.path}`);
  await page.waitForTimeout(1500);
  if (s.click) { await page.getByRole('button', { name: new RegExp(s.click) }).first().click(); await page.waitForTimeout(800); }
  if (s.media) await page.emulateMedia({ media: s.media });
  await page.screenshot({ path: `/tmp/sk11/shots/${s.name}.png`, fullPage: !s.click });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(s.name, 'overflow', overflow);
  await ctx.close();
}
await browser.close();
