import { execFileSync } from 'node:child_process';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A signed-in page in its own browser context (its own cookies), collecting console errors and warnings. */
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
  const status = async (path: string) => (await page.request.get(`/api/auth/v1${path}`, { headers: { authorization: `Bearer ${token}` } })).status();
  return { page, context, problems, api, status, account };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('co-teachers and families', () => {
  test('a teacher asks to join with the class code; the creator sees it live, accepts, and the new co-teacher is told', async ({ browser }) => {
    // A journey of two people over several screens, axe on each: about 40 s here, a third of this.
    test.setTimeout(120_000);
    const a = await person(browser, { firstName: 'Ana', lastName: 'Creator' });
    const b = await person(browser, { firstName: 'Ben', lastName: 'Joiner' });
    const name = unique('Oak ');
    const cls = await a.api<{ id: number; invitationCode: string }>('POST', '/teaching-class', { name, year: 2026, start: '2026-09-01', end: '2027-07-15' });

    await a.page.goto('/web/');
    await expect(bell(a.page)).toHaveAccessibleName('Notifications');
    await expect(a.page.getByRole('heading', { name: 'Join a class' })).toBeVisible();

    // B finds the class by its code (spaces and lower case are fine), sees whose it is, and asks to join.
    await b.page.goto('/web/');
    await b.page.getByRole('button', { name: 'Enter a class code' }).click();
    await b.page.getByLabel('Class code').fill(` ${cls.invitationCode.toLowerCase()} `);
    await b.page.getByRole('button', { name: 'Find class' }).click();
    await expect(b.page.getByText(name, { exact: true })).toBeVisible();
    await expect(b.page.getByText('Created by Ana Creator')).toBeVisible();
    await expectAccessible(b.page, 'join a class, class found');
    await b.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(b.page.getByText(`Request sent. You will be notified when the creator of ${name} answers.`)).toBeVisible();
    await expect(b.page.getByText("Waiting for the creator's answer")).toBeVisible();
    await expect(b.page.getByText(`${name}, asked on`)).toBeVisible();

    // A's badge rises without a reload (server-sent events); the dropdown names the request and opens the teachers screen.
    await expect(bell(a.page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(a.page.getByTestId('notification-badge')).toHaveText('1');
    await bell(a.page).click();
    const dropdown = a.page.getByRole('region', { name: 'Notifications' });
    await expect(dropdown.getByRole('button', { name: /Request to join a class/ })).toBeVisible();
    await expectAccessible(a.page, 'notification dropdown');
    await dropdown.getByRole('button', { name: /Request to join a class/ }).click();
    await expect(a.page).toHaveURL(new RegExp(`/web/teaching-class/${cls.id}/teachers$`));
    await expect(a.page.getByRole('heading', { name: `Teachers of ${name}` })).toBeVisible();
    await expect(bell(a.page)).toHaveAccessibleName('Notifications');
    await expect(a.page.getByText(cls.invitationCode, { exact: true })).toBeVisible();
    await expectAccessible(a.page, 'teachers screen with a request');
    await a.page.getByRole('button', { name: 'Accept Ben Joiner' }).click();
    await expect(a.page.getByText('Ben Joiner now teaches this class with you.')).toBeVisible();
    await expect(a.page.getByRole('heading', { name: 'Teachers (2)' })).toBeVisible();
    await expect(a.page.getByRole('heading', { name: 'Requests (0)' })).toBeVisible();

    // B is told, and the notification opens the class.
    await expect(bell(b.page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(b.page).click();
    await b.page.getByRole('button', { name: /You joined a class/ }).click();
    await expect(b.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(b.page.getByText('Co-teacher', { exact: true })).toBeVisible();

    // The full list: read ones stay, no unread left.
    await b.page.goto('/web/notifications');
    await expect(b.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(b.page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(1);
    await expect(b.page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await expectAccessible(b.page, 'notification list');

    // B leaves the class (asked first); A is not asked to remove anyone any more.
    await b.page.goto(`/web/teaching-class/${cls.id}/teachers`);
    await b.page.getByRole('button', { name: 'Leave class' }).click();
    const dialog = b.page.getByRole('dialog', { name: `Leave ${name}?` });
    await expectAccessible(b.page, 'leave dialog');
    await dialog.getByRole('button', { name: 'Leave class' }).click();
    await expect(b.page.getByText(`You have left ${name}.`)).toBeVisible();
    await expect(b.page).toHaveURL(/\/web\/?$/);
    await a.page.reload();
    await expect(a.page.getByRole('heading', { name: 'Teachers (1)' })).toBeVisible();

    expect(a.problems, 'console of A').toEqual([]);
    expect(b.problems, 'console of B').toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  test('a parent links to a student; a teacher approves; the parent sees the student and nothing of the class', async ({ browser }) => {
    // A journey of two people over several screens, axe on each: about 40 s here, a third of this.
    test.setTimeout(120_000);
    const t = await person(browser, { firstName: 'Tess', lastName: 'Teacher' });
    const p = await person(browser, { firstName: 'Pat', lastName: 'Parent', accountTypeRadio: 'parent_user' });
    const className = unique('Elm ');
    const cls = await t.api<{ id: number }>('POST', '/teaching-class', { name: className, year: 2026, start: '2026-09-01', end: '2027-07-15' });
    const place = await t.api<{ id: number; invitationCode: string }>('POST', '/teaching-class-student', { teachingClass: cls.id, firstName: 'Mia', lastName: 'Lind' });

    await t.page.goto(`/web/teaching-class/${cls.id}/student/${place.id}`);
    await t.page.getByRole('link', { name: 'Family access' }).click();
    await expect(t.page.getByRole('heading', { name: 'Family access for Mia Lind' })).toBeVisible();
    await expect(t.page.getByText('Nobody is linked to Mia Lind yet.')).toBeVisible();
    await expect(t.page.getByText(place.invitationCode, { exact: true }).first()).toBeVisible();
    await expectAccessible(t.page, 'family access, empty');

    await p.page.goto('/web/');
    await expect(p.page.getByRole('heading', { name: 'No linked students yet' })).toBeVisible();
    await expectAccessible(p.page, 'parent dashboard, empty');
    await p.page.getByLabel('Student code').fill(place.invitationCode);
    await p.page.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(p.page.getByText(`Request sent to the teachers of ${className} to link you to Mia Lind.`)).toBeVisible();
    await expect(p.page.getByText("Waiting for a teacher's answer")).toBeVisible();
    await expectAccessible(p.page, 'parent dashboard, pending');

    // The teacher's open screen learns of it live; the notification opens the student's family access screen.
    await expect(bell(t.page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(t.page).click();
    await t.page.getByRole('button', { name: /Request to follow a student/ }).click();
    await expect(t.page).toHaveURL(new RegExp(`/web/teaching-class/${cls.id}/student/${place.id}/manage$`));
    await expect(t.page.getByRole('heading', { name: 'Requests (1)' })).toBeVisible();
    await expectAccessible(t.page, 'family access with a request');
    await t.page.getByRole('button', { name: 'Accept Pat Parent' }).click();
    await expect(t.page.getByText('Pat Parent is now linked to this student.')).toBeVisible();
    await expect(t.page.getByRole('heading', { name: 'Linked people (1)' })).toBeVisible();

    // The parent is told; the notification opens the student's page, which shows the student and asks nothing of the class.
    await expect(bell(p.page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(p.page).click();
    await p.page.getByRole('button', { name: /Link accepted/ }).click();
    await expect(p.page).toHaveURL(new RegExp(`/web/student/${place.id}$`));
    await expect(p.page.getByRole('heading', { level: 1, name: 'Mia Lind' })).toBeVisible();
    await expect(p.page.getByText(`Class: ${className}`)).toBeVisible();
    await expect(p.page.getByRole('link', { name: 'Back to the class' })).toHaveCount(0);
    await expect(p.page.getByRole('link', { name: 'Edit student' })).toHaveCount(0);
    await expectAccessible(p.page, 'student page of a parent');
    await p.page.goto('/web/');
    await expect(p.page.getByRole('link', { name: new RegExp(`Mia Lind.*${className}`) })).toBeVisible();
    expect(p.problems, 'console of the parent').toEqual([]);
    // Nothing of the class: its page and its students are not there for the parent.
    expect(await p.status(`/teaching-class/${cls.id}`)).toBe(404);
    await p.page.goto(`/web/teaching-class/${cls.id}`);
    await expect(p.page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await p.page.goto(`/web/teaching-class/${cls.id}/student/${place.id}/manage`);
    await expect(p.page.getByRole('heading', { name: 'Access denied' })).toBeVisible();

    // Unlinking asks first; the parent's dashboard no longer lists the student.
    await t.page.getByRole('button', { name: 'Unlink Pat Parent' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Unlink Pat Parent?' });
    await expectAccessible(t.page, 'unlink dialog');
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect(t.page.getByText('Pat Parent is no longer linked to Mia Lind.')).toBeVisible();
    await p.page.goto('/web/');
    await expect(p.page.getByRole('heading', { name: 'No linked students yet' })).toBeVisible();

    // The family letter is the class letters' PDF for this one student: its name and code, and how to use it.
    const letterButton = t.page.getByRole('button', { name: 'Download the family letter' });
    const [letter] = await Promise.all([t.page.waitForEvent('download'), letterButton.click()]);
    const letterText = execFileSync('pdftotext', [(await letter.path())!, '-']).toString();
    expect(letterText).toContain('Follow Mia Lind on Skillroom');
    expect(letterText.split('\f')).toHaveLength(2);
    expect(letter.suggestedFilename()).toBe(`family-letters-${className.replace(/\s+/g, '-')}.pdf`);

    expect(t.problems, 'console of the teacher').toEqual([]);
    await t.context.close();
    await p.context.close();
  });

  test('browser notifications: the service worker lives under /web/, and the user turns notifications on from the list', async ({ browser }) => {
    const u = await person(browser);
    await u.page.goto('/web/notifications');
    await expect(u.page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    const scope = await u.page.evaluate(async () => (await navigator.serviceWorker.register('/web/sw.js', { scope: '/web/' })).scope);
    expect(scope).toMatch(/\/web\/$/);
    // Nothing is asked before the user chooses; here the browser says no, and the screen says how to allow it.
    await expect(u.page.getByRole('heading', { name: 'Browser notifications' })).toBeVisible();
    await u.page.getByRole('button', { name: 'Turn on' }).click();
    await expect(u.page.getByText('This browser blocks notifications from Skillroom.', { exact: false })).toBeVisible();
    await expectAccessible(u.page, 'notification list, notifications blocked');
    expect(u.problems).toEqual([]);
    await u.context.close();
  });
});
