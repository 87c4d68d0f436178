import { type Browser } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A signed-in page in its own browser context, collecting console errors and warnings. */
async function person(browser: Browser, overrides: Record<string, unknown> = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const account = await signUpViaApi(page, overrides);
  const { token } = await signInViaApi(page, account.username, account.password);
  const api = async <T>(method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/auth/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${path}`).toBe(true);
    return (await res.json()) as T;
  };
  const status = async (path: string) =>
    (await page.request.get(`/api/auth/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).status();
  return { page, context, problems, api, status };
}

test('a family link from another class is extended in one click, the parent read is logged, and the parent removes their link', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const t = await person(browser, { firstName: 'Tess', lastName: 'Teacher' });
  const p = await person(browser, { firstName: 'Pat', lastName: 'Parent', accountTypeRadio: 'parent_user' });
  const nameA = unique('Elm ');
  const nameB = unique('Birch ');
  const classA = await t.api<{ id: number }>('POST', '/teaching-class', {
    name: nameA,
    year: 2026,
    start: '2026-09-01',
    end: '2027-07-15',
  });
  const placeA = await t.api<{ id: number; invitationCode: string }>('POST', '/teaching-class-student', {
    teachingClass: classA.id,
    firstName: 'Mia',
    lastName: 'Lind',
  });
  const request = await p.api<{ id: number }>('POST', '/student-profile-user-invitation', { invitationCode: placeA.invitationCode });
  await t.api('POST', `/student-profile-user-invitation/${request.id}/accept`);
  // The next year's class: the child is copied in, and the parent sees nothing of it yet (DESIGN §2: a link is to one class).
  const classB = await t.api<{ id: number }>('POST', '/teaching-class', {
    name: nameB,
    year: 2027,
    start: '2027-09-01',
    end: '2028-07-15',
  });
  const copied = await t.api<{ 'hydra:member': { id: number }[] }>('POST', '/teaching-class-student/copy', {
    teachingClass: classB.id,
    teachingClassStudents: [placeA.id],
  });
  const placeB = copied['hydra:member'][0]!.id;
  expect(await p.status(`/teaching-class-student/${placeB}`)).toBe(404);

  await t.page.setViewportSize({ width: 360, height: 900 });
  await t.page.goto(`/web/teaching-class/${classB.id}/student/${placeB}/manage`);
  await expect(t.page.getByRole('heading', { name: 'Family access for Mia Lind' })).toBeVisible();
  await expect(t.page.getByRole('heading', { name: 'Linked in other classes (1)' })).toBeVisible();
  await expect(t.page.getByText(`linked in ${nameA}`)).toBeVisible();
  await expect(t.page.getByRole('heading', { name: 'Who has seen this record' })).toBeVisible();
  await expect(t.page.getByText('Nobody has read this record yet.')).toBeVisible();
  await expectAccessible(t.page, 'family access with a link in another class');
  await t.page.screenshot({ path: test.info().outputPath('manage-extend-360.png'), fullPage: true });
  await t.page.getByRole('button', { name: 'Add Pat Parent to this class' }).click();
  await expect(t.page.getByText('Pat Parent now also follows Mia Lind in this class.')).toBeVisible();
  await expect(t.page.getByRole('heading', { name: 'Linked people (1)' })).toBeVisible();
  await expect(t.page.getByText(nameB, { exact: false }).first()).toBeVisible();
  await expect(t.page.getByRole('heading', { name: /Linked in other classes/ })).toHaveCount(0);

  // The parent opens the child's page in class B: that read is in the log, with who, what and when.
  await p.page.goto(`/web/student/${placeB}`);
  await expect(p.page.getByRole('heading', { level: 1, name: 'Mia Lind' })).toBeVisible();
  await expect(p.page.getByText(`Class: ${nameB}`)).toBeVisible();
  await t.page.reload();
  const log = t.page.getByRole('list', { name: 'Who has seen this record' });
  await expect(log.getByText("Pat Parent opened the student's page").first()).toBeVisible();
  await expect(log.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  await expectAccessible(t.page, 'family access with the access log');
  await t.page.screenshot({ path: test.info().outputPath('manage-log-360.png'), fullPage: true });
  const sideways = await t.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(sideways, 'no sideways scroll at 360 px').toBe(false);

  // The parent removes their own link to class B (in the folded link settings at the end), after a confirmation; class A's stays.
  await p.page.getByText('Link settings').click();
  await p.page.getByRole('button', { name: 'Remove my link' }).click();
  const dialog = p.page.getByRole('dialog', { name: 'Remove your link to Mia Lind?' });
  await expect(dialog.getByText(`in ${nameB}`)).toBeVisible();
  await expectAccessible(p.page, 'remove my link dialog');
  await dialog.getByRole('button', { name: 'Remove my link' }).click();
  await expect(p.page.getByText(`You no longer follow Mia Lind in ${nameB}.`)).toBeVisible();
  await expect(p.page).toHaveURL(/\/web\/?$/);
  await expect(p.page.getByRole('link', { name: new RegExp(`Mia Lind.*${nameA}`) })).toBeVisible();
  expect(await p.status(`/teaching-class-student/${placeB}`)).toBe(404);
  expect(await p.status(`/teaching-class-student/${placeA.id}`)).toBe(200);

  expect(t.problems, 'console of the teacher').toEqual([]);
  expect(p.problems, 'console of the parent').toEqual([]);
  await t.context.close();
  await p.context.close();
});
