/**
 * Modules and components sent as multipart (spec 7.2: name, description, is_active, image or image_id,
 * image_name): an uploaded image becomes a library image and the main image in one transaction with the write;
 * a refused image or a refused write leaves neither a row nor a file behind.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertModule } from './support/content.js';
import { mediaTestConfig, multipart, storedFiles, type FormParts } from './support/uploads.js';
import { png, text } from './fixtures/media.js';

describe.each(databaseKinds)('module and component images on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let mediaRoot: string;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    mediaRoot = join(context.dataDir, 'media');
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
  });
  afterAll(() => context.cleanup());

  const t = () => `/tenants/${tenant.id}`;
  const counts = async () => ({
    media: Number((await server.app.knex('media').where('tenant_id', tenant.id).count({ n: '*' }))[0].n),
    modules: Number((await server.app.knex('modules').where('tenant_id', tenant.id).count({ n: '*' }))[0].n),
    files: storedFiles(mediaRoot).length,
  });
  const image = async () => ({ data: await png(640, 360), filename: 'cover.png', type: 'image/png' });

  /** A refused call that must leave the library, the modules and the storage as they were. */
  async function refused(path: string, parts: FormParts) {
    const before = await counts();
    const answer = await multipart(server, path, parts, admin.token);
    expect(await counts()).toEqual(before);
    return answer;
  }

  it('creates a module with an uploaded image stored in the library under its image name', async () => {
    const created = await multipart(
      server,
      `${t()}/modules`,
      { name: 'Onboarding', description: 'First days', is_active: '0', image_name: 'Cover', image: await image() },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Onboarding', is_active: false, main_image: { name: 'Cover', type: 'image', mime_type: 'image/png' } });
    expect(created.body.data.main_image.thumbnail).not.toBeNull();
    const library = await server.api.get(`${t()}/media?search=Cover`, { token: admin.token });
    expect(library.body.data.map((row: { id: string }) => row.id)).toContain(created.body.data.main_image.id);
  });

  it('crops an uploaded module image when asked', async () => {
    const created = await multipart(
      server,
      `${t()}/modules`,
      { name: 'Cropped', description: 'd', image_name: 'Crop', crop_image: 'true', image: await image() },
      admin.token,
    );
    const row = await server.app.knex('media').where('id', created.body.data.main_image.id).first();
    expect([row.mime_type, row.width, row.height]).toEqual(['image/png', 160, 90]);
  });

  it('requires an image name with an upload, and keeps nothing', async () => {
    const answer = await refused(`${t()}/modules`, { name: 'No name', description: 'd', image: await image() });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ image_name: ['The image name field is required.'] });
  });

  it('refuses a text file sent as the image (406), and keeps nothing', async () => {
    const answer = await refused(`${t()}/modules`, {
      name: 'Fake',
      description: 'd',
      image_name: 'x',
      image: { data: text(2_000), filename: 'x.png', type: 'image/png' },
    });
    expect(answer.status).toBe(406);
    expect(answer.body.errors).toEqual({ image: ['The image must be a file of type: image/png, image/jpeg.'] });
  });

  it('keeps no image when the module itself is refused', async () => {
    const answer = await refused(`${t()}/modules`, { name: ' ', description: 'd', image_name: 'Orphan', image: await image() });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ name: ['The name field is required.'] });
  });

  it('updates a module with a new image, and clears it with an empty image_id', async () => {
    const id = await insertModule(server, tenant.id);
    const updated = await multipart(server, `${t()}/modules/${id}`, { name: 'Renamed', image_name: 'New cover', image: await image() }, admin.token);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Renamed', main_image: { name: 'New cover' } });
    const cleared = await multipart(server, `${t()}/modules/${id}`, { image_id: '' }, admin.token);
    expect(cleared.body.data.main_image).toBeNull();
    const missing = await refused(`${t()}/modules/0190a0a0-0000-7000-8000-000000000000`, { name: 'x', image_name: 'y', image: await image() });
    expect(missing.status).toBe(404);
  });

  it('creates and updates a component with an uploaded or library image', async () => {
    const moduleId = await insertModule(server, tenant.id);
    const created = await multipart(
      server,
      `${t()}/modules/${moduleId}/components`,
      { name: 'Part one', description: 'd', image_name: 'Part cover', image: await image() },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data.main_image).toMatchObject({ name: 'Part cover' });

    const componentId = await insertComponent(server, tenant.id, moduleId);
    const library = await multipart(
      server,
      `${t()}/modules/${moduleId}/components/${componentId}`,
      { is_active: '0', image_id: created.body.data.main_image.id },
      admin.token,
    );
    expect(library.body.data).toMatchObject({ is_active: false, main_image: { id: created.body.data.main_image.id } });
    const small = await multipart(
      server,
      `${t()}/modules/${moduleId}/components/${componentId}`,
      { image_name: 'Tiny', image: { data: await png(100, 50), filename: 't.png' } },
      admin.token,
    );
    expect(small.status).toBe(422);
    expect(small.body.errors).toEqual({ image: ['The image must be at least 160 pixels by 90 pixels.'] });
  });

  it('answers 415 for multipart on calls that take JSON only', async () => {
    const id = await insertModule(server, tenant.id);
    const answer = await multipart(server, `${t()}/modules/${id}/media`, { media: 'x' }, admin.token);
    expect(answer.status).toBe(415);
  });
});
