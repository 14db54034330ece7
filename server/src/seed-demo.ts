/**
 * The demo organization, accounts and a first module of `npm start` (README), created only on an empty
 * database. Every account is confirmed and uses the password `Demo-pass-1`; the learner sees the module through
 * the New Starters group.
 */
import type { AppServices } from './context.js';
import type { Knex } from './db/knex.js';
import { createConfirmedUser } from './features/accounts/service.js';
import { createIntegrationClient } from './features/integration-clients/service.js';
import { newId } from './db/ids.js';
import type { Role } from './db/models.js';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_ORGANIZATION = { name: 'Acme Training', slug: 'acme-training' };
/**
 * The example intranet's integration client (examples/intranet/serve.mjs mints embed sessions with it when it is given
 * no other), published like the demo password: demo data only, never in a real organization.
 */
export const DEMO_INTEGRATION_CLIENT = { id: 'demo-northwind-intranet', secret: 'demo-northwind-intranet-secret', name: 'Northwind intranet (example)' };

export const DEMO_ACCOUNTS: { email: string; name: string; role: Role | 'owner' }[] = [
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner' },
  { email: 'master@example.com', name: 'Martin Master', role: 'master' },
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  { email: 'learner@example.com', name: 'Lena Learner', role: 'user' },
];

/** Seeds the demo data when there is no user yet; answers whether it did. */
export async function seedDemo(services: Pick<AppServices, 'db' | 'passwords'>): Promise<boolean> {
  const { knex } = services.db;
  const existing = await knex('users').count<{ count: number | string }[]>({ count: '*' });
  if (Number(existing[0]?.count ?? 0) > 0) return false;

  const now = new Date();
  const tenantId = newId();
  await knex('tenants').insert({ id: tenantId, ...DEMO_ORGANIZATION, enable_bioreq: false, created_at: now, updated_at: now });
  const learners: string[] = [];
  let masterId = '';
  for (const account of DEMO_ACCOUNTS) {
    const user = await createConfirmedUser(services, { ...account, password: DEMO_PASSWORD, isOwner: account.role === 'owner' });
    if (account.role === 'owner') continue;
    if (account.role === 'master') masterId = user.id;
    const membershipId = newId();
    await knex('tenant_users').insert({
      id: membershipId,
      tenant_id: tenantId,
      user_id: user.id,
      role: account.role,
      is_active: true,
      created_at: now,
      updated_at: now,
    });
    if (account.role === 'user') learners.push(membershipId);
  }
  await knex.transaction((trx) => seedDemoContent(trx, tenantId, learners, now));
  const { name, ...credentials } = DEMO_INTEGRATION_CLIENT;
  await createIntegrationClient(services.db, tenantId, masterId, { name, role: 'admin' }, credentials);
  return true;
}

/** A first module to look at: one component, two topics (one of procedure rows), shared with a group of the learner. */
async function seedDemoContent(trx: Knex, tenantId: string, learners: string[], now: Date): Promise<void> {
  const stamps = { deleted_at: null, created_at: now, updated_at: now };
  const content = (name: string, description: string, position = 0) => ({
    id: newId(),
    tenant_id: tenantId,
    name,
    description,
    is_active: true,
    position,
    ...stamps,
  });
  const module = content('Getting Started', 'A first look at training in Tessera: how content is organized, and a checklist to work through.');
  const component = { ...content('Welcome', 'What modules, components, topics and items are, and how to use them.'), module_id: module.id };
  const tour = {
    ...content('How this training works', 'Modules hold components, components hold topics, topics hold the items you read.'),
    component_id: component.id,
  };
  const checklist = { ...content('Your first day checklist', 'Tick each step once you have done it.', 1), component_id: component.id };
  const group = { id: newId(), tenant_id: tenantId, name: 'New Starters', description: 'Everyone in their first weeks.', ...stamps };
  await trx('modules').insert(module);
  await trx('components').insert(component);
  await trx('topics').insert([tour, checklist]);
  await trx('groups').insert(group);
  await trx('module_groups').insert({ module_id: module.id, group_id: group.id, created_at: now });
  if (learners.length > 0)
    await trx('group_tenant_users').insert(learners.map((tenantUserId) => ({ group_id: group.id, tenant_user_id: tenantUserId, created_at: now })));

  const item = (topicId: string, type: 'row' | 'paragraph', position: number, text: string, extra: { row_id?: string; is_procedure?: boolean } = {}) => ({
    id: newId(),
    tenant_id: tenantId,
    topic_id: topicId,
    row_id: extra.row_id ?? null,
    type,
    position,
    text,
    is_procedure: extra.is_procedure ?? false,
    media_id: null,
    created_at: now,
    updated_at: now,
  });
  const structure = item(tour.id, 'row', 0, 'The building blocks');
  const stars = item(tour.id, 'row', 1, 'Make it yours');
  const steps = ['Find the fire exits on your floor', 'Meet your buddy', 'Read the safety policy'].map((text, position) =>
    item(checklist.id, 'row', position, text, { is_procedure: true }),
  );
  await trx('items').insert([structure, stars, ...steps]);
  await trx('items').insert([
    item(tour.id, 'paragraph', 0, 'A **module** is a subject; its **components** are its chapters, and each chapter has **topics** like this one.', {
      row_id: structure.id,
    }),
    item(tour.id, 'paragraph', 0, 'Star a topic to find it again under *Your Starred Topics*, and hide what you do not need in *Settings*.', {
      row_id: stars.id,
    }),
    item(checklist.id, 'paragraph', 0, 'The exits are marked in green. Walk to the nearest one once.', { row_id: steps[0].id }),
    item(checklist.id, 'paragraph', 0, 'Your manager tells you who shows you around in your first weeks.', { row_id: steps[1].id }),
    item(checklist.id, 'paragraph', 0, 'Ask your admin for the current version.', { row_id: steps[2].id }),
  ]);
  await seedDemoKnowledgeCheck(trx, tenantId, component.id, now);
}

/** A small knowledge check of the Welcome component: three questions, two drawn per response. */
async function seedDemoKnowledgeCheck(trx: Knex, tenantId: string, componentId: string, now: Date): Promise<void> {
  const checkId = newId();
  await trx('knowledge_checks').insert({
    id: checkId,
    tenant_id: tenantId,
    topic_id: null,
    component_id: componentId,
    instructions: 'Two questions about **how this training works**. Choose the best answer.',
    number_questions: 2,
    use_question_bank: true,
    created_at: now,
    updated_at: now,
  });
  const questions: { text: string; type: 'radio' | 'checkbox'; choices: [string, boolean][] }[] = [
    {
      text: 'What does a **component** hold?',
      type: 'radio',
      choices: [
        ['Topics', true],
        ['Modules', false],
        ['Organizations', false],
      ],
    },
    {
      text: 'Where do you find a topic you starred?',
      type: 'radio',
      choices: [
        ['Under Your Starred Topics', true],
        ['In Settings', false],
      ],
    },
    {
      text: 'Which of these can you do with a topic? (choose all that apply)',
      type: 'checkbox',
      choices: [
        ['Star it', true],
        ['Hide it', true],
        ['Delete it for everyone', false],
      ],
    },
  ];
  for (const [index, question] of questions.entries()) {
    const questionId = newId();
    const versionId = newId();
    await trx('kc_questions').insert({
      id: questionId,
      tenant_id: tenantId,
      knowledge_check_id: checkId,
      position: index + 1,
      current_version_id: null,
      created_at: now,
      updated_at: now,
    });
    await trx('kc_question_versions').insert({
      id: versionId,
      tenant_id: tenantId,
      question_id: questionId,
      version: 1,
      text: question.text,
      type: question.type,
      media_id: null,
      drawn: false,
      created_at: now,
    });
    await trx('kc_choices').insert(
      question.choices.map(([label, isAnswer], position) => ({
        id: newId(),
        tenant_id: tenantId,
        question_version_id: versionId,
        label,
        is_answer: isAnswer,
        position: position + 1,
        media_id: null,
      })),
    );
    await trx('kc_questions').where('id', questionId).update({ current_version_id: versionId });
  }
}
