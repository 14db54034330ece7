// The login widget's popup from a page of another origin (issue 32 section 3): on the example intranet
// (?login=popup), "Log in with Tessera" opens Tessera's authorization endpoint in a window of Tessera's origin; the
// password is typed there, never in the intranet's page; the callback posts the code to the page, which exchanges it
// (code + PKCE). Under the strict CSP, with axe, no CSP violation and no console error in the page.
import { expect, test } from '@playwright/test';
import { intranetUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible, watchPageProblems } from './support';

const intranet = `${intranetUrl}/?tessera=${serverUrl}&login=popup`;

test('"Log in with Tessera" signs in through a window of Tessera, with no password in the page', async ({ page, context }) => {
  const problems = await watchPageProblems(page);
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { sessions: unknown[] }).sessions = heard;
    document.addEventListener('tessera-session', (event) => heard.push((event as CustomEvent).detail));
  });
  await page.goto(intranet);
  const login = page.locator('tessera-login');
  const button = login.getByRole('button', { name: 'Log in with Tessera' });
  await expect(button).toBeVisible();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expectAccessible(page);

  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForURL(new RegExp(`^${serverUrl}/authorize/`));
  await popup.getByLabel('Email').fill('learner@example.com');
  await popup.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await popup.getByRole('button', { name: 'Log In' }).click();
  await popup.waitForEvent('close');

  await expect(login.getByText('learner@example.com')).toBeVisible();
  await expect(page.locator('#tessera-status')).toHaveText('Welcome, Lena Learner! You are logged in to Tessera as learner@example.com.');
  // The page's one tessera-session says how: through the popup.
  const sessions = () => page.evaluate(() => (window as unknown as { sessions: { state: string; via?: string }[] }).sessions);
  await expect.poll(sessions).toContainEqual(expect.objectContaining({ state: 'logged-in', reason: 'change', via: 'popup' }));
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expectAccessible(page);
  expect(problems.violations, 'Content-Security-Policy violations').toEqual([]);
  expect(problems.errors, 'console errors').toEqual([]);
});

test('a blocked popup is said in the widget, with a button to try again', async ({ page }) => {
  await page.addInitScript(() => {
    // The first window is refused, as a pop-up blocker does.
    const open = window.open.bind(window);
    let refused = false;
    window.open = (...args: Parameters<typeof window.open>) => {
      if (refused) return open(...args);
      refused = true;
      return null;
    };
  });
  await page.goto(intranet);
  const login = page.locator('tessera-login');
  await login.getByRole('button', { name: 'Log in with Tessera' }).click();
  await expect(login.getByText('The sign-in window was blocked. Allow pop-ups for this site, or try again.')).toBeVisible();
  await expect(login.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
});
