import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, linkFromOutbox, logIn, uniqueEmail } from './support';

test('a person signs up, confirms the email, edits the profile, logs out, and resets a forgotten password', async ({ page }) => {
  const email = uniqueEmail('ada');

  await page.goto('/sign-up');
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  await expect(signUp).toBeDisabled();
  // The real ALTCHA proof of work, solved in the browser: the box is ticked once the work is done.
  await page.getByRole('checkbox', { name: /not a robot/i }).click();
  await expect(signUp).toBeEnabled({ timeout: 30_000 });
  await signUp.click();
  await expect(page.getByText(/confirmation email/i)).toBeVisible();
  await expectAccessible(page);

  const confirmLink = await linkFromOutbox(email, '/confirm-email/');
  await page.goto(confirmLink);
  await expect(page.getByText('Thank you for confirming your email.')).toBeVisible();
  await expectAccessible(page);

  await logIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
  await expect(page.getByText('Your email needs confirmation')).toHaveCount(0);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Full Name').fill('Ada King');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Profile Updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada King');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);

  await page.goto(`/forgot-password?email=${encodeURIComponent(email)}`);
  await expectAccessible(page);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: /send|reset|submit/i }).click();
  await expect(page.getByText("We've sent you an email with instructions to reset your password.")).toBeVisible();

  const resetLink = await linkFromOutbox(email, '/reset-password/');
  await page.goto(resetLink);
  await expectAccessible(page);
  const newPassword = 'Newer-pass-2';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: /reset|submit|confirm/i }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await logIn(page, email, DEMO_PASSWORD);
  await expect(page.getByText('The email and/or password are incorrect.')).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password and then too many attempts are explained on the login screen', async ({ page }) => {
  // An address of its own: the attempts lock this email (and IP) out, and other journeys log in after this one.
  const email = uniqueEmail('mallory');
  await page.goto('/login');
  await expectAccessible(page);
  await logIn(page, email, 'Wrong-pass-1');
  await expect(page.getByText('The email and/or password are incorrect.')).toBeVisible();
  await expectAccessible(page);

  await expect(async () => {
    await page.getByLabel('Password', { exact: true }).fill('Wrong-pass-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Too many attempts. Please wait and try again.')).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 30_000 });
});

test('exception pages lead home', async ({ page }) => {
  for (const [path, title] of [
    ['/forbidden', '403 - Forbidden'],
    ['/not-found', '404 - Not Found'],
    ['/whoops', '500 - Something went wrong'],
    ['/no-response', 'No Response From Server'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'GO TO HOME PAGE' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the about page shows the web and API versions', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByText('1.3.5')).toBeVisible();
  await expect(page.getByText(/API version/i)).toBeVisible();
  await expectAccessible(page);
});
