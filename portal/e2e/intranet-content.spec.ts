import { expect, test, type APIRequestContext } from '@playwright/test';
import { intranetUrl, serverUrl } from './ports';
import { Api } from './people-support';
import { mp3, mp4, noisePng, pdf, uploadMedia } from './media-files';
import { DEMO_PASSWORD, expectAccessible } from './support';

const ORGANIZATION = 'acme-training';
const intranet = `${intranetUrl}/?tessera=${serverUrl}`;

/** Markdown an author could type: formatting, a safe link, and two attempts to run script in the reader's browser. */
const PARAGRAPH = [
  'Read the **house rules** before your first shift. More in [the handbook](https://example.com/handbook).',
  '',
  '<img src=x onerror="window.tesseraPwned = \'img\'">',
  '',
  "[Do not click](javascript:window.tesseraPwned='link')",
].join('\n');

interface Created {
  id: string;
}

/**
 * The demo admin writes a module, a component and a topic with `items`; the demo master relates the learner
 * to the module (relating members is the master's or owner's business, not an admin's).
 */
async function createTopic(request: APIRequestContext, names: { module: string; component: string; topic: string }, items: unknown[]) {
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, {
    name: names.module,
    description: 'Safety at the new warehouse.',
  });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: names.component,
    description: 'Before the first shift.',
  });
  const topic = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, {
    name: names.topic,
    description: 'What everyone on site must know.',
  });
  await admin.call('PUT', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`, { items });
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  const learnerApi = await Api.as(request, 'learner@example.com');
  return { admin, learnerApi, module, component, topic };
}

/** A topic of two rows (the second a procedure) that the learner has starred. */
async function createStarredTopic(request: APIRequestContext) {
  const suffix = `${Date.now()}`;
  const topicName = `House rules ${suffix}`;
  const created = await createTopic(request, { module: `Warehouse safety ${suffix}`, component: `First shift ${suffix}`, topic: topicName }, [
    { id: 'row-1', type: 'row', order: 0, text: 'Read the rules', is_procedure: false },
    { id: 'p-1', type: 'paragraph', row_id: 'row-1', order: 0, text: PARAGRAPH },
    { id: 'row-2', type: 'row', order: 1, text: 'Sign the register', is_procedure: true },
    { id: 'p-2', type: 'paragraph', row_id: 'row-2', order: 0, text: 'Sign at the gate office.' },
  ]);
  const { learnerApi, component, topic } = created;
  await learnerApi.call('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics/favorites/${topic.id}`);
  return { ...created, topicName, suffix };
}

test('the intranet shows a learner their starred topics and a topic beside them; a procedure row is ticked', async ({ page, request }) => {
  const { admin, learnerApi, module, topic, topicName, suffix } = await createStarredTopic(request);

  await page.goto(intranet);
  const starred = page.locator('tessera-starred-topics');
  const viewer = page.locator('tessera-topic-viewer');
  await expect(starred.getByText('Log in to see your starred topics.')).toBeVisible();

  const login = page.locator('tessera-login');
  await login.getByLabel('Email').fill('learner@example.com');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();

  // The login in one widget reaches the others: the starred list loads without a reload.
  await expect(starred.getByRole('heading', { name: 'Your Starred Topics' })).toBeVisible();
  const row = starred.getByRole('row').filter({ hasText: topicName });
  await expect(row).toContainText(`Warehouse safety ${suffix}`);
  await expect(row).toContainText(`First shift ${suffix}`);
  await expect(row).toContainText('What everyone on site must know.');

  const opened = page.evaluate(
    () => new Promise<unknown>((resolve) => document.addEventListener('tessera-open-topic', (event) => resolve((event as CustomEvent).detail), { once: true })),
  );
  await row.getByRole('button', { name: topicName, exact: true }).click();
  expect(await opened).toMatchObject({ organization: ORGANIZATION, topicId: topic.id, moduleId: module.id });

  await expect(viewer.getByRole('heading', { name: topicName })).toBeVisible();
  const rules = viewer.getByRole('region', { name: 'Read the rules' });
  await expect(rules.locator('strong')).toHaveText('house rules');
  const handbook = rules.getByRole('link', { name: 'the handbook' });
  await expect(handbook).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(handbook).toHaveAttribute('target', '_blank');

  // The standalone bundle's renderer: raw HTML shows as text, the javascript: link has no target to run.
  await expect(rules).toContainText('<img src=x onerror=');
  await expect(rules.locator('img')).toHaveCount(0);
  await expect(rules.getByRole('link', { name: 'Do not click' })).toHaveAttribute('href', '');
  expect(await page.evaluate(() => (window as { tesseraPwned?: string }).tesseraPwned)).toBeUndefined();

  // The host's !important rules (Comic Sans, hot pink, lime rotated buttons) stop at the shadow root.
  const title = viewer.getByRole('heading', { name: topicName });
  const look = await title.evaluate((node) => {
    const style = getComputedStyle(node);
    return { font: style.fontFamily, color: style.color, transform: style.textTransform };
  });
  expect(look.font).not.toMatch(/comic/i);
  expect(look.color).toBe('rgb(31, 41, 55)');
  expect(look.transform).toBe('none');
  const hostFont = await page.locator('#learning-title').evaluate((node) => getComputedStyle(node).fontFamily);
  expect(hostFont).toMatch(/comic/i);

  await expectAccessible(page);

  const completed = page.evaluate(
    () => new Promise<unknown>((resolve) => document.addEventListener('tessera-complete', (event) => resolve((event as CustomEvent).detail), { once: true })),
  );
  const register = viewer.getByRole('region', { name: 'Sign the register' });
  const tick = register.getByRole('checkbox', { name: 'Complete' });
  // From the keyboard, as anyone can: focus the toggle and press Space.
  await tick.focus();
  await page.keyboard.press('Space');
  await expect(tick).toBeChecked();
  const detail = (await completed) as { topicId: string; itemId: string; complete: boolean };
  expect(detail).toMatchObject({ topicId: topic.id, complete: true });
  await expect(page.locator('#topic-status')).toHaveText('Step marked complete.');
  const items = await learnerApi.call<{ id: string; is_complete: boolean }[]>('GET', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`);
  expect(items.find((item) => item.id === detail.itemId)?.is_complete).toBe(true);
  await expectAccessible(page);

  // Unstarring takes the topic off the list.
  await row.getByRole('button', { name: `Unstar ${topicName}` }).click();
  await expect(starred.getByRole('row').filter({ hasText: topicName })).toHaveCount(0);

  await admin.call('DELETE', `/tenants/${ORGANIZATION}/modules/${module.id}`);
});

test('the embedded viewer plays media from signed URLs: image, video with poster and seeking, audio, pdf inline', async ({ page, request }) => {
  const suffix = `${Date.now()}`;
  const upload = (name: string, type: 'image' | 'video' | 'pdf' | 'audio', file: ReturnType<typeof pdf>) =>
    uploadMedia(request, ORGANIZATION, { name: `${name} ${suffix}`, type, file, ...(type === 'video' ? { thumbnail: noisePng() } : {}) });
  const [image, video, document, audio] = await Promise.all([
    upload('Site map', 'image', noisePng()),
    upload('Forklift walkthrough', 'video', mp4()),
    upload('Gate checklist', 'pdf', pdf()),
    upload('Safety briefing', 'audio', mp3()),
  ]);
  const { admin, module, topic } = await createTopic(
    request,
    { module: `Media safety ${suffix}`, component: `Media ${suffix}`, topic: `Media tour ${suffix}` },
    [
      { id: 'row-1', type: 'row', order: 0, text: 'See and hear', is_procedure: false },
      { id: 'c-1', type: 'image', row_id: 'row-1', order: 0, media_id: image },
      { id: 'c-2', type: 'video', row_id: 'row-1', order: 1, media_id: video },
      { id: 'c-3', type: 'audio', row_id: 'row-1', order: 2, media_id: audio },
      { id: 'c-4', type: 'pdf', row_id: 'row-1', order: 3, media_id: document },
    ],
  );

  // The learner's tokens in the page's store for this server (keyed by its origin), as after a login (?topic= opens the topic).
  const login = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'learner@example.com', password: DEMO_PASSWORD },
  });
  const tokens = (await login.json()) as { access_token: string; refresh_token: string };
  await page.addInitScript(({ key, pair }) => localStorage.setItem(key, JSON.stringify(pair)), {
    key: `tessera.tokens@${serverUrl}`,
    pair: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token },
  });
  await page.goto(`${intranet}&topic=${topic.id}`);
  const row = page.locator('tessera-topic-viewer').getByRole('region', { name: 'See and hear' });

  // The image loads across origins from its signed URL (no bearer token on an <img>).
  const picture = row.getByRole('img', { name: `Site map ${suffix}` });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(800);

  // The video has controls and the thumbnail as poster; its signed URL answers byte ranges, so seeking works.
  const player = row.locator('video');
  await expect(player).toHaveAttribute('controls', '');
  const poster = (await player.getAttribute('poster')) ?? '';
  expect((await request.get(poster)).headers()['content-type']).toBe('image/png');
  const range = await request.get((await player.getAttribute('src')) ?? '', { headers: { Range: 'bytes=100-199' } });
  expect(range.status()).toBe(206);
  expect(range.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);
  expect((await range.body()).length).toBe(100);

  const sound = row.locator('audio');
  await expect(sound).toHaveAttribute('controls', '');
  expect((await request.get((await sound.getAttribute('src')) ?? '', { headers: { Range: 'bytes=0-9' } })).status()).toBe(206);

  // The pdf opens in a new tab, shown inline by the browser rather than downloaded.
  const pdfLink = row.getByRole('link', { name: `Open Gate checklist ${suffix} (PDF, new tab)` });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const file = await request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition'] ?? 'inline').not.toMatch(/attachment/);

  await expectAccessible(page);
  await admin.call('DELETE', `/tenants/${ORGANIZATION}/modules/${module.id}`);
});
