/**
 * Each content resource's `abilities` come from its own policy (features/content/policy.ts): here every policy
 * is made stricter on a different operation, and each presenter must follow its own change only. A presenter
 * that computed its abilities from another resource's policy (as components and topics once did from the
 * modules policy) would offer the UI what its routes refuse.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AccessRole } from '../src/http/tenant-access.js';
import { presentComponent, type ComponentRow } from '../src/features/components/presenter.js';
import { presentModule, type ModuleRow } from '../src/features/modules/presenter.js';
import { presentTopic, type TopicRow } from '../src/features/topics/presenter.js';
import type { UrlSigner } from '../src/storage/signed-urls.js';

/** Only the owner may then: update a module, archive a component, restore a topic. */
vi.mock('../src/features/modules/policy.js', async (importOriginal) => {
  const { definePolicy } = await import('../src/http/policy.js');
  const { modulePolicy } = await importOriginal<typeof import('../src/features/modules/policy.js')>();
  return { modulePolicy: definePolicy({ ...modulePolicy.rules, update: 'owner' }) };
});
vi.mock('../src/features/components/policy.js', async (importOriginal) => {
  const { definePolicy } = await import('../src/http/policy.js');
  const { componentPolicy } = await importOriginal<typeof import('../src/features/components/policy.js')>();
  return { componentPolicy: definePolicy({ ...componentPolicy.rules, archive: 'owner' }) };
});
vi.mock('../src/features/topics/policy.js', async (importOriginal) => {
  const { definePolicy } = await import('../src/http/policy.js');
  const { topicPolicy } = await importOriginal<typeof import('../src/features/topics/policy.js')>();
  return { topicPolicy: definePolicy({ ...topicPolicy.rules, restore: 'owner' }) };
});

const signer: UrlSigner = {
  url: () => 'http://files.test/unused',
  verify: () => false,
};

const when = '2026-01-01T00:00:00.000Z';

function columns(archived: boolean) {
  return {
    id: 'row-id',
    name: 'Row',
    description: '',
    is_active: true,
    position: 1,
    deleted_at: archived ? when : null,
    created_at: when,
    updated_at: when,
  };
}

function moduleRow(archived: boolean): ModuleRow {
  return { ...columns(archived), is_hidden: false };
}

function componentRow(archived: boolean): ComponentRow {
  return { ...columns(archived), module_id: 'module-id', is_hidden: false };
}

function topicRow(archived: boolean): TopicRow {
  return { ...columns(archived), component_id: 'component-id', component_name: 'C', module_id: 'module-id', module_name: 'M', is_favorite: false };
}

const present = {
  module: (archived: boolean, role: AccessRole) => presentModule(moduleRow(archived), role, signer).abilities,
  component: (archived: boolean, role: AccessRole) => presentComponent(componentRow(archived), role, signer).abilities,
  topic: (archived: boolean, role: AccessRole) => presentTopic(topicRow(archived), role).abilities,
};

describe('content abilities follow their own resource policy', () => {
  it('an admin is offered what their own policy allows on each resource', () => {
    expect(present.module(false, 'admin')).toEqual({ update: false, archive: true, restore: false });
    expect(present.component(false, 'admin')).toEqual({ update: true, archive: false, restore: false });
    expect(present.topic(false, 'admin')).toEqual({ update: true, archive: true, restore: false });
    expect(present.module(true, 'admin')).toEqual({ update: false, archive: false, restore: true });
    expect(present.component(true, 'admin')).toEqual({ update: false, archive: false, restore: true });
    expect(present.topic(true, 'admin')).toEqual({ update: false, archive: false, restore: false });
  });

  it('the owner keeps every ability the row state allows', () => {
    for (const resource of [present.module, present.component, present.topic]) {
      expect(resource(false, 'owner')).toEqual({ update: true, archive: true, restore: false });
      expect(resource(true, 'owner')).toEqual({ update: false, archive: false, restore: true });
    }
  });
});
