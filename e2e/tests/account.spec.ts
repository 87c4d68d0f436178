import { expect, test } from './hydrated-test';
import { expectAccessible, lastMailTo, signUpViaApi, unique } from './fixtures';

test.describe('accounts', () => {
  test('a new teacher signs up, signs out and signs in again', async ({ page }) => {
    const username = unique('teacher');
    await page.goto('/web/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectAccessible(page, 'sign-up');

    // Bad input is refused next to its field, and nothing is created.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This value should not be blank.').first()).toBeVisible();

    await page.getByLabel('Teacher').check();
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('E-mail').fill(`${username}@example.test`);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('School').fill('Riverside');
    await page.getByLabel('Riverside Primary School').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/too short/)).toBeVisible();
    await page.getByLabel(/^Password/).fill('a long enough password');
    // The privacy policy must be agreed to: the box says so until it is ticked.
    await expect(page.getByText('Please agree to the privacy policy to create your account.')).toBeVisible();
    await page.getByLabel('I have read and agree to the privacy policy').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Hello, Jordan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Skillroom!' })).toBeVisible();
    await expectAccessible(page, 'dashboard (empty)');

    await page.getByRole('button', { name: /Jordan/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/web\/sign-in\/$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'sign-in');
    // Signed out means signed out: the dashboard now sends the visitor back to sign in.
    await page.goto('/web/');
    await expect(page).toHaveURL(/\/web\/sign-in\//);

    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid credentials');

    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Jordan' })).toBeVisible();
  });

  test('the demo accounts are listed on the sign-in page and sign in', async ({ page }) => {
    await page.goto('/web/sign-in/');
    await page.getByRole('button', { name: 'Use the teacher account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Maria' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Skillroom for schools/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Year 4 Sunflowers/ })).toBeVisible();
    await expectAccessible(page, 'dashboard (demo teacher)');
  });

  test('a forgotten password is reset through the mailed link', async ({ page }) => {
    const account = await signUpViaApi(page);
    await page.goto('/web/sign-in/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/a reset link is on its way/)).toBeVisible();

    const mail = await lastMailTo(account.email);
    const link = /http\S+reset-password\?token=\S+/.exec(mail)![0];
    await page.goto(link);
    await expectAccessible(page, 'reset password');
    await page.getByLabel(/^New password/).fill('brand new password');
    await page.getByLabel('Repeat the new password').fill('brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('Username or e-mail').fill(account.username);
    await page.getByLabel('Password').fill('brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    const account = await signUpViaApi(page);
    await page.goto('/web/sign-in/');
    await page.getByLabel('Username or e-mail').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
    await page.goto('/web/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Go to the dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
  });
});
