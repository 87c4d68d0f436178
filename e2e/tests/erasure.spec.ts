import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48, serverDataDir, signInViaApi, signUpViaApi } from './fixtures';
import { API, apiPost, classWithStudents, expectNoSideScroll } from './rating-helpers';

/** Every file under the server's media folder whose name is this one (the store spreads files by kind and month). */
const storedFiles = (fileName: string) => {
  const root = path.join(serverDataDir(), 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => path.basename(f) === fileName);
};

async function uploadPhoto(page: Page, token: string) {
  const res = await page.request.post(`${API}/media`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { mediaType: '34', 'mediaFile[file]': { name: 'evidence.png', mimeType: 'image/png', buffer: PNG_48 } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; url: string; fileName: string };
}

test.describe('erasure follows deletion', () => {
  test("a teacher removes a student: the student's only rating and its files are gone", async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const places = (await (await page.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, auth)).json())[
      'hydra:member'
    ] as {
      '@id': string;
      firstName: string;
    }[];
    const cara = places.find((p) => p.firstName === 'Cara')!;
    const skills = (await (await page.request.get(`${API}/teaching-class/${classId}/learning-skills`, auth)).json())['hydra:member'] as {
      learningActions: { id: number }[];
    }[];
    const photo = await uploadPhoto(page, token);
    const rating = await apiPost<{ id: number }>(page, token, '/rating', {
      teachingClass: classId,
      learningAction: skills[0]!.learningActions[0]!.id,
      date: new Date().toISOString().slice(0, 10),
      points: 3,
      description: 'custody note',
      students: [cara['@id']],
      medias: [photo.id],
    });
    expect((await page.request.get(photo.url)).status()).toBe(200);
    expect(storedFiles(photo.fileName)).toHaveLength(1);

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/web/teaching-class/${classId}/students`);
    await page.getByRole('button', { name: 'Remove Cara Novak' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Cara Novak?' });
    // Issue 36 §7: the dialog says what goes, counted by the server, and offers the record first.
    const erased = dialog.getByTestId('place-erasure');
    await expect(erased).toContainText('1 rating that names only them, erased.');
    await expect(erased).toContainText('1 photo, video, audio or file attached to those, erased.');
    await expect(erased).toContainText('They are in no other class, so they are erased from Skillroom entirely.');
    await expect(dialog.getByRole('button', { name: 'Download record' })).toBeVisible();
    await expectAccessible(page, 'remove student: what is erased');
    await expectNoSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('remove-student-360.png') });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Cara Novak has been removed.')).toBeVisible();

    expect((await page.request.get(`${API}/rating/${rating.id}`, auth)).status()).toBe(404);
    expect((await page.request.get(photo.url)).status()).toBe(404);
    expect(storedFiles(photo.fileName)).toEqual([]);
  });

  test('a class owner is told to hand over or delete their classes first', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    const { name, account } = await classWithStudents(page);
    await page.goto('/web/profile/edit');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('What stays');
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('You still own these classes');
    await expect(dialog.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expectAccessible(page, 'delete account: classes still owned');
    await expectNoSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('delete-account-409-360.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an account is deleted from the profile screen; signing in with it then fails', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    const account = await signUpViaApi(page, { accountTypeRadio: 'parent_user' });
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('What goes');
    const password = dialog.getByLabel('Current password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(password).toHaveAccessibleDescription('This value should not be blank.');
    await password.fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(password).toHaveAccessibleDescription('This is not your current password.');
    await expectAccessible(page, 'delete account dialog');
    await page.screenshot({ path: test.info().outputPath('delete-account-360.png'), fullPage: true });

    await password.fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/web\/sign-in/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();

    await page.getByLabel('Username or e-mail').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid credentials');
    const login = await page.request.post('/api/public/v1/login_check', {
      data: { username: account.username, password: account.password },
    });
    expect(login.status()).toBe(401);
  });
});
