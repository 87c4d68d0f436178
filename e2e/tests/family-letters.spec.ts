import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser } from '@playwright/test';
import { expect, test } from './hydrated-test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A page in its own browser context, collecting console errors and warnings; signed in as a new teacher when asked. */
async function person(browser: Browser, teacher?: Record<string, unknown>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  let token = '';
  const account = teacher ? await signUpViaApi(page, teacher) : null;
  if (account) token = (await signInViaApi(page, account.username, account.password)).token;
  const api = async <T>(method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/auth/v1${url}`, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${url}`).toBe(true);
    return (await res.json()) as T;
  };
  return { page, context, problems, api, account };
}

/** The PDF's pages as poppler reads them, and its first page as an image with the QR code decoded. */
function readPdf(file: string) {
  expect(fs.existsSync('/usr/bin/pdftotext'), 'pdftotext from poppler-utils').toBe(true);
  const pages = execFileSync('pdftotext', [file, '-'])
    .toString()
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, ' '));
  const base = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', file, base]);
  const png = PNG.sync.read(fs.readFileSync(`${base}.png`));
  const qr = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return { pages, qr: qr?.data ?? null };
}

type Place = { id: number; invitationCode: string };

/** What the printed letter hands on to the family's part: its QR code's address, and whose class and student. */
let letter: {
  link: URL;
  className: string;
  classId: number;
  placeId: number;
  code: string;
  teacher: { username: string; password: string };
};

test.describe.serial('family letters', () => {
  test('a teacher prints the family letters: a page per student in its language, with the code and a QR code', async ({ browser }) => {
    const t = await person(browser, { firstName: 'Tess', lastName: 'Teacher' });
    const name = unique('Maple ');
    const cls = await t.api<{ id: number; '@id': string }>('POST', '/teaching-class', {
      name,
      year: 2026,
      start: '2026-09-01',
      end: '2027-07-15',
    });
    const add = (firstName: string, lastName: string) =>
      t.api<Place>('POST', '/teaching-class-student', { teachingClass: cls['@id'], firstName, lastName });
    const lucia = await add('Lucía', 'Pérez');
    const mia = await add('Mia', 'Lind');
    const noah = await add('Noah', 'Berg');

    // The dialog offers a language per student, the creator's by default; "Set all to" and one change, by keyboard.
    await t.page.goto(`/web/teaching-class/${cls.id}`);
    // The letters sit in the class details, folded on every width (issue 36).
    await t.page.getByText('Class details', { exact: true }).click();
    await t.page.getByRole('button', { name: 'Print family letters' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Print family letters' });
    const language = (who: string) => dialog.getByRole('combobox', { name: `Letter language for ${who}` });
    await expect(language('Mia Lind')).toHaveValue('en');
    await dialog.getByLabel('Set all to').selectOption('es');
    for (const who of ['Lucía Pérez', 'Mia Lind', 'Noah Berg']) await expect(language(who)).toHaveValue('es');
    await language('Mia Lind').selectOption('zh-HK');
    await language('Noah Berg').focus();
    // The options run English, 繁體中文, Español: two up from Español.
    await t.page.keyboard.press('ArrowUp');
    await t.page.keyboard.press('ArrowUp');
    await expect(language('Noah Berg')).toHaveValue('en');
    await expectAccessible(t.page, 'family letters dialog');

    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save and download PDF' }).click(),
    ]);
    const file = path.join(os.tmpdir(), `${unique('letters')}.pdf`);
    await download.saveAs(file);
    await expect(dialog).toBeHidden();
    await expect(t.page.getByText('Family letters downloaded.')).toBeVisible();
    await expect(t.page.getByRole('button', { name: 'Print family letters' })).toBeFocused();

    // A page per student in the class list's order, each in its family's language, with the code and the steps.
    const { pages, qr } = readPdf(file);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Sigue a Lucía Pérez en Skillroom');
    expect(pages[0]).toContain('Escanea el código QR');
    expect(pages[0]).toContain(lucia.invitationCode);
    expect(pages[1]).toContain('在 Skillroom 關注 Mia Lind');
    expect(pages[1]).toContain('用手機相機掃描二維碼');
    expect(pages[1]).toContain(mia.invitationCode);
    expect(pages[2]).toContain('Follow Noah Berg on Skillroom');
    expect(pages[2]).toContain('Scan the QR code');
    expect(pages[2]).toContain(noah.invitationCode);
    // The changed languages were saved; Noah's, left on the default, still follows the creator's.
    expect((await t.api<{ familyLanguage: string | null }>('GET', `/teaching-class-student/${mia.id}`)).familyLanguage).toBe('zh-HK');
    expect((await t.api<{ familyLanguage: string | null }>('GET', `/teaching-class-student/${lucia.id}`)).familyLanguage).toBe('es');
    expect((await t.api<{ familyLanguage: string | null }>('GET', `/teaching-class-student/${noah.id}`)).familyLanguage).toBeNull();

    // The QR code of the first page leads to the link page with Lucía's code.
    expect(qr).not.toBeNull();
    const link = new URL(qr!);
    expect(link.pathname).toBe('/web/link');
    expect(link.searchParams.get('code')).toBe(lucia.invitationCode);
    // Lucía's letter is in Spanish: its link opens the page in Spanish (issue 36 §6).
    expect(link.searchParams.get('lang')).toBe('es');
    expect(t.problems, 'console of the teacher').toEqual([]);
    letter = { link, className: name, classId: cls.id, placeId: lucia.id, code: lucia.invitationCode, teacher: t.account! };
    await t.context.close();
  });

  test("a parent opens the letter's link, signs up without a school, and the request waits for the teacher", async ({ browser }) => {
    const { link, code } = letter;
    // A parent opens it signed out, chooses to sign up (no school asked), and arrives back with the request sent.
    const p = await person(browser);
    await p.page.goto(`${link.pathname}${link.search}`);
    await expect(p.page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(p.page.getByText(code)).toBeVisible();
    // The same link typed by hand without its language: the browser's English, which the rest of the test reads.
    await p.page.goto(`${link.pathname}?code=${code}`);
    await expect(p.page.getByRole('heading', { name: 'Follow a student on Skillroom' })).toBeVisible();
    await expect(p.page.getByText(code)).toBeVisible();
    await p.page.getByRole('link', { name: 'Create an account' }).click();
    await expect(p.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(p.page.getByText(`your request to follow the student with code ${code} is sent`)).toBeVisible();
    await expect(p.page.getByRole('radio', { name: 'Parent' })).toBeChecked();
    await expect(p.page.getByLabel('School')).toHaveCount(0);
    const username = unique('parent');
    await p.page.getByLabel('First name').fill('Pilar');
    await p.page.getByLabel('Last name').fill('Pérez');
    await p.page.getByLabel('Username').fill(username);
    await p.page.getByLabel('E-mail').fill(`${username}@example.test`);
    await p.page.getByLabel('Password (at least 8 characters)').fill('correct horse battery');
    await p.page.getByLabel('I have read and agree to the privacy policy').check();
    await p.page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      p.page.getByText(`Request sent to the teachers of ${letter.className} to link you to Lucía Pérez.`, { exact: false }),
    ).toBeVisible();
    await expect(p.page).toHaveURL(/\/web\/link\?code=/);
    await expect(p.page.getByText("Waiting for a teacher's answer")).toBeVisible();

    expect(p.problems, 'console of the parent').toEqual([]);
    await p.context.close();

    // The teacher finds the request pending on Lucía's family access screen.
    const t = await person(browser);
    await signInViaApi(t.page, letter.teacher.username, letter.teacher.password);
    await t.page.goto(`/web/teaching-class/${letter.classId}/student/${letter.placeId}/manage`);
    await expect(t.page.getByRole('heading', { name: 'Requests (1)' })).toBeVisible();
    await expect(t.page.getByRole('button', { name: 'Accept Pilar Pérez' })).toBeVisible();
    expect(t.problems, 'console of the teacher').toEqual([]);
    await t.context.close();
  });
});

test('a parent who has an account signs in from the link, and the code is kept through sign-up → sign-in', async ({ browser }) => {
  const t = await person(browser, { firstName: 'Tom', lastName: 'Teacher' });
  const cls = await t.api<{ '@id': string }>('POST', '/teaching-class', {
    name: unique('Birch '),
    year: 2026,
    start: '2026-09-01',
    end: '2027-07-15',
  });
  const place = await t.api<Place>('POST', '/teaching-class-student', { teachingClass: cls['@id'], firstName: 'Ola', lastName: 'Nord' });
  const p = await person(browser);
  const account = await signUpViaApi(p.page, { accountTypeRadio: 'parent_user', firstName: 'Per', lastName: 'Nord' });
  await p.page.goto(`/web/link?code=${place.invitationCode}`);
  await p.page.getByRole('link', { name: 'Create an account' }).click();
  await p.page.getByRole('link', { name: 'Sign in' }).click();
  await p.page.getByLabel('Username').fill(account.username);
  await p.page.getByLabel('Password').fill(account.password);
  await p.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.page.getByText('to link you to Ola Nord', { exact: false })).toBeVisible();
  // Back on the dashboard, the request waits.
  await p.page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(p.page.getByText('Ola Nord in', { exact: false })).toBeVisible();
  expect(p.problems).toEqual([]);
  await t.context.close();
  await p.context.close();
});

test("a letter's link opens in the letter's language; a first visit follows the browser's languages (issue 36 §6)", async ({ browser }) => {
  // A phone set to Argentine Spanish, nothing chosen yet: the app's Spanish.
  const phone = await browser.newContext({ locale: 'es-AR' });
  const page = await phone.newPage();
  await page.goto('/web/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await phone.close();

  // A Chinese letter scanned on an English phone: the link page in Chinese.
  const english = await browser.newContext({ locale: 'en-US' });
  const reader = await english.newPage();
  await reader.goto('/web/link?code=ABCD2345&lang=zh-HK');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'zh-HK');
  // A visit without the letter's word, nothing chosen: the browser's English.
  await reader.goto('/web/');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
  await english.close();
});

test('the letters dialog keeps its buttons off the rows at 360 px, in the one name order the PDF shares (issue 36 §5)', async ({
  browser,
}) => {
  const t = await person(browser, { firstName: 'Olga', lastName: 'Order' });
  await t.page.setViewportSize({ width: 360, height: 640 });
  const cls = await t.api<{ id: number; '@id': string }>('POST', '/teaching-class', {
    name: unique('Rowan '),
    year: 2026,
    start: '2026-09-01',
    end: '2027-07-15',
  });
  const names = ['Zoe Adams', 'Íñigo Ruiz', 'Henry Ford', 'Isabel Cruz', ...Array.from({ length: 10 }, (_, i) => `Pupil Number${i}`)];
  for (const n of names) {
    const [firstName, lastName] = n.split(' ');
    await t.api('POST', '/teaching-class-student', { teachingClass: cls['@id'], firstName, lastName });
  }
  await t.page.goto(`/web/teaching-class/${cls.id}`);
  // On a phone the letters sit in the collapsed class details.
  await t.page.getByText('Class details', { exact: true }).click();
  await t.page.getByRole('button', { name: 'Print family letters' }).click();
  const dialog = t.page.getByRole('dialog', { name: 'Print family letters' });
  const rows = dialog.getByTestId('letter-rows');
  await expect(rows.getByRole('listitem')).toHaveCount(names.length);
  const shown = await rows.getByRole('listitem').allInnerTexts();
  const order = ['Henry Ford', 'Íñigo Ruiz', 'Isabel Cruz'].map((n) => shown.findIndex((s) => s.startsWith(n)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(shown.at(-1)).toMatch(/^Zoe Adams/);
  // The rows scroll above the buttons, which never cover them.
  const list = (await rows.boundingBox())!;
  const cancel = (await dialog.getByRole('button', { name: 'Cancel' }).boundingBox())!;
  expect(list.y + list.height).toBeLessThanOrEqual(cancel.y);
  expect(await rows.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  await t.page.screenshot({ path: test.info().outputPath('family-letters-dialog-360.png') });
  await expectAccessible(t.page, 'family letters dialog at 360 px');

  const [download] = await Promise.all([
    t.page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save and download PDF' }).click(),
  ]);
  const file = path.join(os.tmpdir(), `${unique('letters')}.pdf`);
  await download.saveAs(file);
  const { pages } = readPdf(file);
  const at = (n: string) => pages.findIndex((p) => p.includes(`Follow ${n} on Skillroom`));
  expect([at('Henry Ford'), at('Íñigo Ruiz'), at('Isabel Cruz')]).toEqual([0, 1, 2]);
  expect(at('Zoe Adams')).toBe(names.length - 1);
  await t.context.close();
});
