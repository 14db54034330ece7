import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass-1';

/** What a page did wrong from its first script on: CSP violations (every frame) and console errors. */
export interface PageProblems {
  violations: string[];
  errors: string[];
}

/** Starts recording the page's CSP violations and console errors (call before the page loads). */
export async function watchPageProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { violations: [], errors: [] };
  await page.exposeFunction('reportViolation', (text: string) => problems.violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(error.message));
  return problems;
}

/** axe-core on the page as it is now: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMessage {
  to: string | string[];
  subject: string;
  text: string;
  links: string[];
}

function outboxMessages(): OutboxMessage[] {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as OutboxMessage);
}

/**
 * Waits for the newest email to `address` whose link contains `pathPart` (and whose subject contains `subject`,
 * when given: invitations of one account to two organizations may be sent at once), and answers that link.
 */
export async function linkFromOutbox(address: string, pathPart: string, subject?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const messages = outboxMessages()
          .filter((message) => [message.to].flat().join(',').includes(address))
          .filter((message) => !subject || message.subject.includes(subject));
        link = messages
          .flatMap((message) => message.links)
          .filter((candidate) => candidate.includes(pathPart))
          .at(-1);
        return link;
      },
      { message: `an email to ${address} with a ${pathPart} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The notifications never cover the control that has the focus (issue 37): their boxes do not meet. */
export async function expectToastsClearOfFocus(page: Page): Promise<void> {
  const boxes = await page.evaluate(() => {
    const region = document.querySelector('[role="region"][aria-label="Notifications"]');
    const focused = document.activeElement;
    if (!region || !focused || focused === document.body) return null;
    const a = region.getBoundingClientRect();
    const b = focused.getBoundingClientRect();
    return { a: [a.left, a.top, a.right, a.bottom], b: [b.left, b.top, b.right, b.bottom] };
  });
  if (!boxes) return;
  const [al, at, ar, ab] = boxes.a;
  const [bl, bt, br, bb] = boxes.b;
  expect(al < br && bl < ar && at < bb && bt < ab, `toasts ${boxes.a.join(',')} cover the focused control ${boxes.b.join(',')}`).toBe(false);
}
