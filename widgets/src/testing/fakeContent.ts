/**
 * Demo content for the fake API (unit tests and Storybook): a topic with every item type, procedure rows,
 * and a learner's starred topics. Media URLs are inline SVG data so images show without a server.
 */
import type { Caption, Item, MediaSummary, Topic } from '@tessera/sdk';

export const DEMO_TENANT = 'acme-training';
export const DEMO_TOPIC_ID = '0190a5b2-0000-7000-8000-0000000000a1';
const DEMO_COMPONENT_ID = '0190a5b2-0000-7000-8000-0000000000c1';
const DEMO_MODULE_ID = '0190a5b2-0000-7000-8000-0000000000d1';
const CREATED = '2025-02-01T10:00:00.000Z';

const svg = (label: string, colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="225"><rect width="400" height="225" fill="${colour}"/><text x="200" y="120" font-size="24" text-anchor="middle" fill="#fff">${label}</text></svg>`,
  )}`;

let idCounter = 0;
/** A stable uuid-shaped id for demo rows (the n-th one made). */
function demoId(prefix: string): string {
  idCounter += 1;
  return `0190a5b2-0000-7000-${prefix}-${String(idCounter).padStart(12, '0')}`;
}

export function demoMedia(type: MediaSummary['type'], name: string): MediaSummary {
  const mime = { image: 'image/png', video: 'video/mp4', pdf: 'application/pdf', audio: 'audio/mpeg' } as const;
  const url = type === 'image' ? svg(name, '#1d4ed8') : `https://media.tessera.test/${encodeURIComponent(name)}?signature=demo`;
  return {
    id: demoId('8000'),
    name,
    type,
    mime_type: mime[type],
    size: 120_000,
    created_at: CREATED,
    url,
    thumbnail: type === 'video' ? { url: svg(`${name} (thumbnail)`, '#166534') } : null,
    ...(type === 'video' ? { captions: demoCaptions(name) } : {}),
  };
}

/** A demo video's WebVTT captions tracks: English (the default) and Brazilian Portuguese. */
export function demoCaptions(name: string): Caption[] {
  return [
    {
      id: demoId('8100'),
      language: 'en',
      label: 'English',
      is_default: true,
      url: `https://media.tessera.test/${encodeURIComponent(name)}.en.vtt?signature=demo`,
    },
    {
      id: demoId('8100'),
      language: 'pt-BR',
      label: 'Português (Brasil)',
      is_default: false,
      url: `https://media.tessera.test/${encodeURIComponent(name)}.pt-BR.vtt?signature=demo`,
    },
  ];
}

interface ItemSpec {
  type: Item['type'];
  text?: string;
  media?: MediaSummary;
}

function child(topicId: string, rowId: string, order: number, spec: ItemSpec): Item {
  return {
    id: demoId('9000'),
    topic_id: topicId,
    type: spec.type,
    order,
    text: spec.text ?? null,
    is_procedure: false,
    is_complete: false,
    row_id: rowId,
    media: spec.media ? [spec.media] : [],
    children: [],
  };
}

/** A top-level row with its children, in order. */
export function demoRow(
  topicId: string,
  order: number,
  title: string,
  children: ItemSpec[],
  procedure: { is_procedure?: boolean; is_complete?: boolean } = {},
): Item {
  const id = demoId('a000');
  return {
    id,
    topic_id: topicId,
    type: 'row',
    order,
    text: title,
    is_procedure: procedure.is_procedure ?? false,
    is_complete: procedure.is_complete ?? false,
    row_id: null,
    media: [],
    children: children.map((spec, index) => child(topicId, id, index, spec)),
  };
}

/** A topic's rows showing every item type, two of them procedure rows (one already complete). */
export function demoItems(topicId = DEMO_TOPIC_ID): Item[] {
  return [
    demoRow(topicId, 0, 'Before you start', [
      { type: 'paragraph', text: 'Read the **safety notes** first. See [the handbook](https://example.com/handbook).' },
      { type: 'image', media: demoMedia('image', 'Workshop layout') },
    ]),
    demoRow(topicId, 1, 'Watch the demonstration', [
      { type: 'video', media: demoMedia('video', 'Lathe demonstration') },
      { type: 'audio', media: demoMedia('audio', 'Narration') },
    ]),
    demoRow(topicId, 2, 'Put on protective equipment', [{ type: 'paragraph', text: '- Goggles\n- Gloves\n- Ear defenders' }], {
      is_procedure: true,
    }),
    demoRow(topicId, 3, 'Check the machine', [{ type: 'pdf', media: demoMedia('pdf', 'Checklist') }], {
      is_procedure: true,
      is_complete: true,
    }),
  ];
}

/** `count` rows of one paragraph each: the 200-item topic of the render budget. */
export function manyItems(count: number, topicId = DEMO_TOPIC_ID): Item[] {
  return Array.from({ length: count }, (_, index) =>
    demoRow(topicId, index, `Step ${index + 1}`, [{ type: 'paragraph', text: `Paragraph **${index + 1}** of the topic.` }], {
      is_procedure: index % 5 === 0,
    }),
  );
}

export function demoTopic(overrides: Partial<Topic> & { moduleId?: string; moduleName?: string; componentName?: string } = {}): Topic {
  const { moduleId = DEMO_MODULE_ID, moduleName = 'Workshop safety', componentName = 'Machines', ...rest } = overrides;
  const componentId = rest.component_id ?? DEMO_COMPONENT_ID;
  return {
    id: DEMO_TOPIC_ID,
    component_id: componentId,
    name: 'Using the lathe',
    description: 'How to set up and use the lathe safely.',
    is_active: true,
    order: 0,
    items_count: 8,
    total_procedures: 2,
    completed_procedures: 1,
    is_favorite: true,
    knowledgecheck_id: null,
    component: { id: componentId, name: componentName, module: { id: moduleId, name: moduleName } },
    is_deleted: false,
    deleted_at: null,
    created_at: CREATED,
    updated_at: CREATED,
    abilities: { update: false, archive: false, restore: false },
    ...rest,
  };
}

/** Three starred topics in two modules. */
export function demoFavorites(): Topic[] {
  return [
    demoTopic(),
    demoTopic({ id: demoId('b000'), name: 'Sharpening tools', description: 'Keep the edges keen.', order: 1 }),
    demoTopic({
      id: demoId('b000'),
      name: 'Fire exits',
      description: 'Where to go when the alarm sounds.',
      moduleName: 'Site induction',
      componentName: 'Emergencies',
      component_id: '0190a5b2-0000-7000-8000-0000000000c2',
      moduleId: '0190a5b2-0000-7000-8000-0000000000d2',
    }),
  ];
}
