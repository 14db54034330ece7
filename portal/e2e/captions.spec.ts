/**
 * A video's captions (issue 15): an author uploads a WebVTT track on the video's edit page, and the learner's topic
 * page plays the video with a `<track>` whose signed URL answers the file as text/vtt.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { intranetUrl, serverUrl } from './ports';
import { Api } from './people-support';
import { mp4, noisePng, uploadMedia } from './media-files';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nKeep both hands on the forklift controls.\n';
const NOT_WEBVTT = 'The captions file must be a WebVTT file (its text starts with WEBVTT).';

interface Created {
  id: string;
}

/** A video in the library, shown by a topic of a module the learner is related to. */
async function videoTopic(request: APIRequestContext) {
  const suffix = `${Date.now()}`;
  const video = await uploadMedia(request, ORGANIZATION, { name: `Forklift walkthrough ${suffix}`, type: 'video', file: mp4(), thumbnail: noisePng() });
  const admin = await Api.as(request, 'admin@example.com');
  const content = (path: string, name: string) => admin.call<Created>('POST', `/tenants/${ORGANIZATION}${path}`, { name, description: 'Driving safely.' });
  const module = await content('/modules', `Forklifts ${suffix}`);
  const component = await content(`/modules/${module.id}/components`, `Driving ${suffix}`);
  const topic = await content(`/components/${component.id}/topics`, `Controls ${suffix}`);
  await admin.call('PUT', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`, {
    items: [
      { id: 'row-1', type: 'row', order: 0, text: 'Watch first', is_procedure: false },
      { id: 'c-1', type: 'video', row_id: 'row-1', order: 0, media_id: video },
    ],
  });
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  return { video, module, component, topic };
}

test('an author adds English captions to a video; the learner’s player gets the track as text/vtt', async ({ browser, page, request }) => {
  const { video, module, component, topic } = await videoTopic(request);

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/admin/media/${video}/edit`);
  const section = page.getByRole('region', { name: 'Captions' });
  await expect(section.getByText('This video has no captions yet.')).toBeVisible();
  await expectAccessible(page);

  // A file that is not WebVTT is refused under its field before anything is sent.
  const fileInput = section.getByLabel('Captions File');
  await fileInput.setInputFiles({ name: 'english.vtt', mimeType: 'text/vtt', buffer: Buffer.from('Keep both hands on the controls.') });
  await expect(section.getByText(NOT_WEBVTT)).toBeVisible();

  await fileInput.setInputFiles({ name: 'english.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await expect(section.getByText(NOT_WEBVTT)).toBeHidden();
  await section.getByRole('textbox', { name: 'Language' }).fill('en');
  await section.getByRole('textbox', { name: 'Label' }).fill('English');
  await section.getByRole('checkbox', { name: 'Show by default' }).check({ force: true });
  await section.getByRole('button', { name: 'Upload Captions' }).click();
  await expect(section.getByText('Captions Uploaded!')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Captions tracks' }).getByRole('listitem')).toHaveText(['English (en)DefaultDelete']);
  await expectAccessible(page);

  // The same language again: the server's 422 under Language.
  await section.getByLabel('Captions File').setInputFiles({ name: 'english-2.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await section.getByRole('textbox', { name: 'Language' }).fill('EN');
  await section.getByRole('textbox', { name: 'Label' }).fill('English again');
  await section.getByRole('button', { name: 'Upload Captions' }).click();
  await expect(section.getByText('This video already has captions in this language.')).toBeVisible();

  // The learner, in a browser of their own, opens the topic: the video carries the track.
  const context = await browser.newContext();
  try {
    const learner = await context.newPage();
    await logIn(learner, 'learner@example.com', DEMO_PASSWORD);
    await expect(learner).not.toHaveURL(/\/login/);
    await learner.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/topics/${topic.id}/items`);
    const player = learner.getByRole('region', { name: 'Watch first' }).locator('video');
    await expect(player).toBeAttached();
    const track = player.locator('track');
    await expect(track).toHaveCount(1);
    await expect(track).toHaveAttribute('kind', 'captions');
    await expect(track).toHaveAttribute('srclang', 'en');
    await expect(track).toHaveAttribute('label', 'English');
    await expect(track).toHaveAttribute('default', '');
    await expect(player).toHaveAttribute('crossorigin', 'anonymous');
    const src = (await track.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/api\/files\/[^/]+\/[^/]+\/caption-[0-9a-f-]{36}\?expires=\d+&signature=/);
    const file = await request.get(src, { headers: { Origin: 'https://partner.example' } });
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/vtt/);
    expect(file.headers()['access-control-allow-origin']).toBe('*');
    expect(await file.text()).toBe(VTT);
    await expectAccessible(learner);
  } finally {
    await context.close();
  }
});

test('on a partner’s page under a strict CSP, the embedded viewer loads the track from the server’s origin', async ({ page, request }) => {
  const { video, topic } = await videoTopic(request);
  const login = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const added = await request.post(`/api/tenants/${ORGANIZATION}/media/${video}/captions`, {
    multipart: { language: 'en', label: 'English', is_default: '1', file: { name: 'english.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) } },
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(added.status()).toBe(201);

  // The learner's tokens in the page's store for this server (keyed by its origin), as after a login.
  const learnerLogin = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'learner@example.com', password: DEMO_PASSWORD },
  });
  const tokens = (await learnerLogin.json()) as { access_token: string; refresh_token: string };
  await page.addInitScript(({ key, pair }) => localStorage.setItem(key, JSON.stringify(pair)), {
    key: `tessera.tokens@${serverUrl}`,
    pair: { accessToken: tokens.access_token, refreshToken: tokens.refresh_token },
  });
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  await page.goto(`${intranetUrl}/?tessera=${serverUrl}&topic=${topic.id}`);
  const player = page.locator('tessera-topic-viewer').getByRole('region', { name: 'Watch first' }).locator('video');
  await expect(player).toHaveAttribute('crossorigin', 'anonymous');
  const track = player.locator('track');
  await expect(track).toHaveAttribute('srclang', 'en');
  // The default track is shown and fetched in CORS mode from the server's origin: LOADED (2), not ERROR (3).
  await expect.poll(() => track.evaluate((node) => (node as HTMLTrackElement).readyState), { timeout: 10_000 }).toBe(2);
  expect(await track.evaluate((node) => (node as HTMLTrackElement).track.cues?.[0] && ((node as HTMLTrackElement).track.cues?.[0] as VTTCue).text)).toBe(
    'Keep both hands on the forklift controls.',
  );
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
  await expectAccessible(page);
});
