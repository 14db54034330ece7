/**
 * CSV downloads (ARCHITECTURE.md#csv-downloads): the knowledge check report (with its filters), a response's detail,
 * the item analysis, the snapshot, the bioreq lists, members and groups answer CSV on the same route as their JSON
 * (`format=csv`, `Accept: text/csv`). Each CSV, parsed back with csv-parse, holds the JSON screen's rows for the same
 * filters and sort (a list's every row, not a page); the byte-order mark, the header row, ISO 8601 timestamps, the
 * neutralised formulas; the same authorization (a learner 403, another organization 404); a failure after the
 * headers cuts the download off, and a client that goes away stops the reading. `db.batches`, the keyset walk under
 * the lists, is checked against one ordered read with ties, NULLs and microsecond timestamps.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/db/ids.js';
import type { Query } from '../src/db/query.js';
import { listRows } from '../src/db/paginate.js';
import { membersOf, selectMember } from '../src/features/tenant-users/hot.js';
import { MEMBER_ROW, type MemberRow } from '../src/features/tenant-users/presenter.js';
import { listMembers, MEMBER_LIST, type MemberSortKey } from '../src/features/tenant-users/service.js';
import { listParams } from '../src/http/list-query.js';
import { assertContract } from './support/contract.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';
import { insertCheck, insertQuestion, insertResponse, type SeededVersion } from './support/kc.js';
import { buildWorld, insertGroup, insertMembership, relate, type World } from './support/people.js';
import { createUser, databaseKinds, startTestServer, uniqueEmail, type TestContext, type TestServer } from './support/server.js';

/** Names a spreadsheet would run as formulas (OWASP's CSV injection), and names that need quoting. */
const FORMULA_NAMES = ['=HYPERLINK("http://evil.example","click")', '+1 Plus', '-2 Minus', '@x At', '\tTab Led', '\rReturn Led'];
const QUOTED_NAMES = ['Comma, Carla', 'Quote "Q" Quinn', 'Line\nBreak Ben', 'Ümlaut Jörg'];

/** What the CSV writes for a text cell: a `'` before a formula's first character. */
const cell = (text: string | null | undefined) => (text === null || text === undefined ? '' : /^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const number = (value: number | null) => (value === null ? '' : String(value));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Csv {
  status: number;
  headers: Headers;
  /** The bytes began with UTF-8's byte-order mark. */
  bom: boolean;
  text: string;
  header: string[];
  rows: string[][];
}

interface Seeded {
  moduleId: string;
  componentId: string;
  checkId: string;
  responseId: string;
  members: string[];
}

async function csvOf(server: TestServer, path: string, token: string, init: { accept?: string } = {}): Promise<Csv> {
  const response = await fetch(`${server.api.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: init.accept ?? 'application/json' },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const type = response.headers.get('content-type');
  const body = type?.includes('json') ? JSON.parse(text) : text;
  assertContract('GET', path.split('?')[0], response.status, body, type);
  if (!type?.startsWith('text/csv')) return { status: response.status, headers: response.headers, bom, text, header: [], rows: [] };
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  return { status: response.status, headers: response.headers, bom, text, header, rows };
}

async function seed(server: TestServer, world: World): Promise<Seeded> {
  const tenantId = world.home.id;
  const knex = server.app.knex;
  await knex('tenants').where('id', tenantId).update({ enable_bioreq: true });
  const members: string[] = [];
  const names = [...FORMULA_NAMES, ...QUOTED_NAMES, ...Array.from({ length: 24 }, (_, index) => `Learner ${String(index).padStart(2, '0')}`)];
  for (const [index, name] of names.entries()) {
    const user = await createUser(server, { name, email: uniqueEmail('csv') });
    // Names are trimmed when written through the accounts service: a tab- or return-led one is written as is.
    if (name !== name.trim()) await knex('users').where('id', user.id).update({ name });
    // Every third one the same day, so sorts by date have ties broken by id.
    members.push(await insertMembership(server, tenantId, user.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 3))) }));
  }
  // Groups: equal member counts (a sort by count has ties), one archived, a formula in a description.
  const groups = [];
  for (const [index, name] of ['Alpha', 'Bravo', 'Charlie', '=SUM(A1)', 'Echo'].entries()) {
    groups.push(await insertGroup(server, tenantId, { name: `${name} group`, description: index === 2 ? '-1 description' : 'Plain' }));
  }
  await insertGroup(server, tenantId, { name: 'Archived group', archived: true });
  for (const [index, groupId] of groups.entries()) {
    for (const memberId of members.slice(0, index % 3)) await relate(server, groupId, memberId);
  }

  // A module and component with a check; responses of every member, scores and dates with ties.
  const moduleId = await insertModule(server, tenantId, { name: '@Module' });
  const componentId = await insertComponent(server, tenantId, moduleId, { name: 'Component' });
  const topicId = await insertTopic(server, tenantId, componentId, { name: 'Topic' });
  const otherModule = await insertModule(server, tenantId, { name: 'Other module' });
  const otherComponent = await insertComponent(server, tenantId, otherModule, { name: 'Other component' });
  const checkId = await insertCheck(server, tenantId, { componentId }, 2);
  const topicCheck = await insertCheck(server, tenantId, { topicId }, 1);
  const otherCheck = await insertCheck(server, tenantId, { componentId: otherComponent }, 1);
  const bank: SeededVersion[] = [
    await insertQuestion(server, tenantId, checkId, 1, { text: '=1+1 is?', choices: ['2', '-3', '@four'], answers: [0] }),
    await insertQuestion(server, tenantId, checkId, 2, { text: 'Pick both', choices: ['a', 'b', 'c'], answers: [0, 1], type: 'checkbox' }),
  ];
  const topicQuestion = await insertQuestion(server, tenantId, topicCheck, 1, { text: 'Topic?', choices: ['yes', 'no'], answers: [0] });
  const otherQuestion = await insertQuestion(server, tenantId, otherCheck, 1, { text: 'Other?', choices: ['yes', 'no'], answers: [0] });
  let responseId = '';
  for (const [index, memberId] of members.entries()) {
    const completedAt = new Date(Date.UTC(2026, 1, 1 + Math.floor(index / 4)));
    const right = index % 3 !== 0;
    const id = await insertResponse(
      server,
      tenantId,
      checkId,
      memberId,
      [
        { version: bank[0], chosen: [right ? bank[0].choices[0] : bank[0].choices[1]] },
        { version: bank[1], chosen: index % 2 === 0 ? [bank[1].choices[0], bank[1].choices[1]] : [bank[1].choices[2]] },
      ],
      { completedAt },
    );
    if (index === 0) responseId = id;
    if (index % 5 === 0)
      await insertResponse(server, tenantId, topicCheck, memberId, [{ version: topicQuestion, chosen: [topicQuestion.choices[0]] }], { completedAt });
    if (index % 7 === 0)
      await insertResponse(server, tenantId, otherCheck, memberId, [{ version: otherQuestion, chosen: [otherQuestion.choices[1]] }], { completedAt });
  }

  // Bioreq documents: pending (some not downloaded: NULLs for the `downloaded` sort) and processed.
  for (const [index, memberId] of members.slice(0, 14).entries()) {
    const uploaded = new Date(Date.UTC(2026, 2, 1 + Math.floor(index / 2)));
    const decided = index % 4 === 3;
    const downloaded = decided || index % 3 === 1;
    await knex('bioreq_documents').insert({
      id: newId(),
      tenant_id: tenantId,
      tenant_user_id: memberId,
      title: index === 2 ? '+Passport' : `Passport ${index}`,
      description: 'Scan',
      storage_key: `tests/${index}.pdf`,
      mime_type: 'application/pdf',
      size: 1000 + index,
      status: decided ? 'match' : downloaded ? 'underreview' : 'pending',
      processed: decided,
      message: decided ? '=cmd|calc' : null,
      reviewer_user_id: downloaded ? world.people.admin.user.id : null,
      downloaded_at: downloaded ? new Date(uploaded.getTime() + 3_600_000 * (index % 2)) : null,
      decided_by_user_id: decided ? world.people.admin.user.id : null,
      decided_at: decided ? new Date(uploaded.getTime() + 7_200_000) : null,
      file_deleted_at: null,
      created_at: uploaded,
      updated_at: uploaded,
    });
  }
  return { moduleId, componentId, checkId, responseId, members };
}

describe.each(databaseKinds)('CSV downloads (%s)', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let seeded: Seeded;
  const base = () => `/tenants/${world.home.id}`;
  const master = () => world.people.master.token;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    seeded = await seed(server, world);
  }, 120_000);

  afterAll(async () => {
    await context?.cleanup();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The JSON screen's every row for the same query (paginate=false). */
  async function jsonRows<T>(path: string, token = master()): Promise<T[]> {
    const separator = path.includes('?') ? '&' : '?';
    const response = await server.api.get<{ data: T[] }>(`${path}${separator}paginate=false`, { token });
    expect(response.status).toBe(200);
    return response.body.data;
  }

  it('answers the knowledge check report with its filters and sorts: every response, the JSON rows, a BOM, a header, ISO dates', async () => {
    interface ReportRow {
      id: string;
      knowledge_check_id: string;
      user_name: string;
      user_email: string;
      module_name: string;
      component_name: string;
      topic_name: string | null;
      completed_date_time: string;
      score: number;
    }
    const queries = [
      '',
      'order=score&desc=true',
      'order=user',
      'order=knowledge_check&desc=true',
      `module=${seeded.moduleId}`,
      `component=${seeded.componentId}&order=date`,
      'user=learner&order=score',
      'user=%3Dhyperlink',
    ];
    for (const query of queries) {
      const path = `${base()}/reports/knowledgechecks/responses/completed${query ? `?${query}` : ''}`;
      const expected = await jsonRows<ReportRow>(path);
      const csv = await csvOf(server, `${path}${query ? '&' : '?'}format=csv&per_page=2&page=3`, master());
      expect(csv.status, query).toBe(200);
      expect(csv.bom).toBe(true);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="knowledge-check-report-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(csv.header).toEqual(['Response ID', 'Knowledge Check ID', 'User Name', 'User Email', 'Module', 'Component', 'Topic', 'Completed', 'Score']);
      expect(csv.rows, query).toEqual(
        expected.map((row) => [
          row.id,
          row.knowledge_check_id,
          cell(row.user_name),
          cell(row.user_email),
          cell(row.module_name),
          cell(row.component_name),
          cell(row.topic_name),
          row.completed_date_time,
          String(row.score),
        ]),
      );
      for (const row of csv.rows) expect(row[7]).toMatch(ISO);
    }
    // The unfiltered report is every completed response, beyond a page.
    const all = await csvOf(server, `${base()}/reports/knowledgechecks/responses/completed?format=csv`, master());
    expect(all.rows.length).toBeGreaterThan(40);
    // RFC 4180: CRLF between records; a line break inside a name stays inside its quoted cell.
    expect(all.text).toContain('\r\n');
    expect(all.rows.some((row) => row[2] === 'Line\nBreak Ben')).toBe(true);
  });

  it('neutralises formulas: a text cell starting with =, +, -, @, a tab or a carriage return gets a quote first', async () => {
    const csv = await csvOf(server, `${base()}/tenant-users?format=csv&order=user`, master());
    const names = csv.rows.map((row) => row[1]);
    expect(names).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("http://evil.example","click")', "'+1 Plus", "'-2 Minus", "'@x At", "'\tTab Led", "'\rReturn Led"]),
    );
    expect(names).toEqual(expect.arrayContaining(['Comma, Carla', 'Quote "Q" Quinn', 'Line\nBreak Ben', 'Ümlaut Jörg']));
    // No cell of the file starts like a formula.
    for (const row of csv.rows) for (const value of row) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('answers a response’s detail, the item analysis and the snapshot as their screens show them', async () => {
    const detailPath = `${base()}/reports/knowledgechecks/responses/${seeded.responseId}`;
    const detail = (await server.api.get(detailPath, { token: master() })).body.data;
    const detailCsv = await csvOf(server, `${detailPath}?format=csv`, master());
    expect(detailCsv.status).toBe(200);
    expect(detailCsv.headers.get('content-disposition')).toMatch(/filename="knowledge-check-response-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(detailCsv.header).toEqual([
      'Response ID',
      'User Name',
      'User Email',
      'Module',
      'Component',
      'Topic',
      'Completed',
      'Score',
      'Question',
      'Question Text',
      'Type',
      'Choices',
      'Correct Answer',
      "Learner's Answer",
      'Correct',
    ]);
    type Question = { order: number; text: string; type: string; is_correct: boolean; choices: { label: string; is_answer: boolean; chosen: boolean }[] };
    const questions = [...(detail.questions as Question[])].sort((a, b) => a.order - b.order);
    const labels = (choices: Question['choices']) => cell(choices.map((choice) => choice.label).join('\n'));
    expect(detailCsv.rows).toEqual(
      questions.map((question, index) => [
        detail.id,
        cell(detail.user_name),
        detail.user_email,
        cell(detail.module_name),
        detail.component_name,
        '',
        detail.completed_date_time,
        String(detail.score),
        String(index + 1),
        cell(question.text),
        question.type,
        labels(question.choices),
        labels(question.choices.filter((choice) => choice.is_answer)),
        labels(question.choices.filter((choice) => choice.chosen)),
        String(question.is_correct),
      ]),
    );

    const analysisPath = `${base()}/reports/knowledgechecks/${seeded.checkId}/item-analysis?attempts=all`;
    const analysis = (await server.api.get(analysisPath, { token: master() })).body.data;
    const analysisCsv = await csvOf(server, `${analysisPath}&format=csv`, master());
    expect(analysisCsv.header).toEqual([
      'Question',
      'Version',
      'Question Text',
      'Archived',
      'Drawn',
      'Facility',
      'Discrimination',
      'Point-Biserial',
      'Flags',
      'Choices',
    ]);
    type Item = {
      order: number;
      version: number;
      text: string;
      archived: boolean;
      drawn: number;
      facility: number | null;
      discrimination: number | null;
      point_biserial: number | null;
      flags: string[];
      choices: { label: string; is_answer: boolean; share: number | null }[];
    };
    expect(analysisCsv.rows).toEqual(
      (analysis.items as Item[]).map((item) => [
        String(item.order),
        String(item.version),
        cell(item.text),
        String(item.archived),
        String(item.drawn),
        number(item.facility),
        number(item.discrimination),
        number(item.point_biserial),
        item.flags.join('\n'),
        cell(
          item.choices
            .map((choice) => `${choice.label}${choice.is_answer ? ' (correct answer)' : ''}: ${choice.share === null ? 'n/a' : choice.share}`)
            .join('\n'),
        ),
      ]),
    );
    expect(analysisCsv.rows.length).toBe(2);

    const snapshot = (await server.api.get(`${base()}/reports/snapshot`, { token: world.people.admin.token })).body.data;
    const snapshotCsv = await csvOf(server, `${base()}/reports/snapshot?format=csv`, world.people.admin.token);
    expect(snapshotCsv.header).toEqual(['Section', 'Measure', 'Value']);
    const value = (section: string, measure: string) => snapshotCsv.rows.find((row) => row[0] === section && row[1] === measure)?.[2];
    expect(value('Modules', 'Active')).toBe(String(snapshot.modules.active));
    expect(value('Topics', 'Archived')).toBe(String(snapshot.topics.archived));
    expect(value('Members', 'User')).toBe(String(snapshot.tenant_users.user));
    expect(value('Members', 'Master')).toBe(String(snapshot.tenant_users.master));
    expect(value('Media', 'Total Size (bytes)')).toBe(String(snapshot.media.total_size));
    expect(snapshotCsv.rows.length).toBe(19);
  });

  it('answers the bioreq Pending and Processed lists, every document in the asked order (NULLs where the screen puts them)', async () => {
    interface Document {
      id: string;
      title: string;
      description: string;
      status: string;
      kind: string;
      mime_type: string;
      size: number;
      submitter: { name: string; email: string } | null;
      reviewer: { name: string } | null;
      decided_by: { name: string } | null;
      created_at: string;
      downloaded_at: string | null;
      decided_at: string | null;
      message: string | null;
      file_deleted_at: string | null;
    }
    const token = world.people.admin.token;
    for (const query of [
      'processed=false',
      'processed=false&order=downloaded',
      'processed=false&order=downloaded&desc=true',
      'processed=true&order=status',
      'order=uploaded_by&desc=true',
      'search=passport&order=title',
    ]) {
      const path = `${base()}/bioreq?${query}`;
      const expected = await jsonRows<Document>(path, token);
      const csv = await csvOf(server, `${path}&format=csv`, token);
      expect(csv.status, query).toBe(200);
      expect(csv.header[0]).toBe('Document ID');
      expect(csv.rows, query).toEqual(
        expected.map((document) => [
          document.id,
          cell(document.title),
          document.description,
          document.status,
          document.kind,
          document.mime_type,
          String(document.size),
          cell(document.submitter?.name),
          cell(document.submitter?.email),
          document.created_at,
          cell(document.reviewer?.name),
          document.downloaded_at ?? '',
          cell(document.decided_by?.name),
          document.decided_at ?? '',
          cell(document.message),
          document.file_deleted_at ?? '',
        ]),
      );
    }
    const pending = await csvOf(server, `${base()}/bioreq?processed=false&format=csv`, token);
    expect(pending.headers.get('content-disposition')).toMatch(/filename="bioreq-pending-/);
    const processed = await csvOf(server, `${base()}/bioreq?processed=true&format=csv`, token);
    expect(processed.headers.get('content-disposition')).toMatch(/filename="bioreq-processed-/);
    expect(pending.rows.length + processed.rows.length).toBe(14);
  });

  it('answers members and groups: every row of the view beyond one page, in the asked order', async () => {
    interface Member {
      id: string;
      role: string;
      status: string;
      joined: string;
      groups_count: number;
      modules_count: number;
      user: { name: string; email: string };
    }
    for (const query of ['', 'order=role', 'order=joined&desc=true', 'order=status', 'search=learner&order=email', 'archived=true']) {
      const path = `${base()}/tenant-users${query ? `?${query}` : ''}`;
      const expected = await jsonRows<Member>(path);
      const csv = await csvOf(server, `${path}${query ? '&' : '?'}format=csv&per_page=5`, master());
      expect(csv.header).toEqual(['Member ID', 'Name', 'Email', 'Role', 'Status', 'Joined', 'Groups', 'Modules']);
      expect(csv.rows, query).toEqual(
        expected.map((member) => [
          member.id,
          cell(member.user.name),
          member.user.email,
          member.role,
          member.status,
          member.joined,
          String(member.groups_count),
          String(member.modules_count),
        ]),
      );
    }
    const page = await server.api.get(`${base()}/tenant-users?per_page=5`, { token: master() });
    const all = await csvOf(server, `${base()}/tenant-users?format=csv&per_page=5`, master());
    expect(page.body.data).toHaveLength(5);
    expect(all.rows).toHaveLength(page.body.meta.total);
    expect(all.rows.length).toBeGreaterThan(30);

    interface Group {
      id: string;
      name: string;
      description: string;
      members_count: number;
      modules_count: number;
      created_at: string;
      updated_at: string;
      deleted_at: string | null;
    }
    for (const query of ['', 'order=members&desc=true', 'order=members', 'order=created', 'archived=true', 'search=group&order=name&desc=true']) {
      const path = `${base()}/groups${query ? `?${query}` : ''}`;
      const expected = await jsonRows<Group>(path);
      const csv = await csvOf(server, `${path}${query ? '&' : '?'}format=csv`, master());
      expect(csv.header).toEqual(['Group ID', 'Name', 'Description', 'Members', 'Modules', 'Created', 'Updated', 'Archived']);
      expect(csv.rows, query).toEqual(
        expected.map((group) => [
          group.id,
          cell(group.name),
          cell(group.description),
          String(group.members_count),
          String(group.modules_count),
          group.created_at,
          group.updated_at,
          group.deleted_at ?? '',
        ]),
      );
    }
  });

  it('answers CSV for Accept: text/csv, JSON otherwise; an unknown format is 422', async () => {
    const path = `${base()}/groups`;
    const byAccept = await csvOf(server, path, master(), { accept: 'text/csv' });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byAccept.headers.get('vary')).toMatch(/Accept/);
    expect(byAccept.rows.length).toBe(5);
    const json = await server.api.get(path, { token: master(), headers: { Accept: 'application/json, text/csv;q=0.5' } });
    expect(json.headers.get('content-type')).toMatch(/json/);
    expect(json.headers.get('vary')).toMatch(/Accept/);
    const head = await fetch(`${server.api.baseUrl}${path}?format=csv`, { method: 'HEAD', headers: { Authorization: `Bearer ${master()}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await head.text()).toBe('');
    const unknown = await server.api.get(`${path}?format=xml`, { token: master() });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.format).toBeDefined();
    const detail = await server.api.get(`${base()}/reports/snapshot?format=pdf`, { token: master() });
    expect(detail.status).toBe(422);
  });

  it('keeps the screens’ authorization: a learner 403, another organization 404, an admin on the people lists 403', async () => {
    const calls = [
      `${base()}/reports/knowledgechecks/responses/completed`,
      `${base()}/reports/knowledgechecks/responses/${seeded.responseId}`,
      `${base()}/reports/knowledgechecks/${seeded.checkId}/item-analysis`,
      `${base()}/reports/snapshot`,
      `${base()}/bioreq`,
      `${base()}/tenant-users`,
      `${base()}/groups`,
    ];
    for (const path of calls) {
      for (const accept of [undefined, 'text/csv']) {
        const url = accept ? path : `${path}?format=csv`;
        const learner = await csvOf(server, url, world.people.user.token, { accept });
        expect(learner.status, url).toBe(403);
        const outsider = await csvOf(server, url, world.people.outsider.token, { accept });
        expect(outsider.status, url).toBe(404);
        const invited = await csvOf(server, url, world.people.invited.token, { accept });
        expect(invited.status, url).toBe(404);
      }
    }
    for (const path of [`${base()}/tenant-users?format=csv`, `${base()}/groups?format=csv`]) {
      expect((await csvOf(server, path, world.people.admin.token)).status).toBe(403);
    }
    // Another organization's response or check is not found, as on the screen.
    const foreign = `/tenants/${world.other.id}/reports/knowledgechecks/responses/${seeded.responseId}?format=csv`;
    expect((await csvOf(server, foreign, world.people.outsider.token)).status).toBe(404);
    // No token: 401.
    const anonymous = await fetch(`${server.api.baseUrl}${base()}/groups?format=csv`);
    expect(anonymous.status).toBe(401);
  });

  it('answers a database failure before the first row as a 500; after the headers it cuts the download off', async () => {
    const db = server.app.services.db;
    const original = db.batches.bind(db);
    vi.spyOn(db, 'batches').mockImplementation(async function* () {
      throw new Error('the database went away');
    } as typeof db.batches);
    const before = await csvOf(server, `${base()}/groups?format=csv`, master());
    expect(before.status).toBe(500);
    expect(before.text).toContain('request_id');

    // Batches of one row: the first rows are answered while the keys walk on (two reads ahead), then a read fails.
    vi.spyOn(db, 'batches').mockImplementation(async function* (query: Query, columns, order) {
      let read = 0;
      for await (const batch of original(query, columns, { ...order, size: 1 })) {
        if (read === 4) throw new Error('the database went away');
        read += 1;
        yield batch;
      }
    } as typeof db.batches);
    const response = await fetch(`${server.api.baseUrl}${base()}/groups?format=csv`, { headers: { Authorization: `Bearer ${master()}` } });
    expect(response.status).toBe(200);
    // The client sees an incomplete answer (the socket closed before the chunked body ended), never a short file.
    await expect(response.text()).rejects.toThrow();
  });

  it('stops reading when the client goes away, and reads a batch only when the client took the ones before', async () => {
    const db = server.app.services.db;
    let read = 0;
    let ended = false;
    const member = (id: string): MemberRow => ({
      id,
      role: 'user',
      is_active: true,
      deleted_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
      groups_count: 0,
      modules_count: 0,
      user_id: newId(),
      user_name: `Endless ${id} ${'x'.repeat(200)}`,
      user_email: `${id}@example.com`,
      user_is_active: true,
      user_deleted_at: null,
      user_confirmed_at: null,
      invited_at: null,
    });
    // A list without end: only the client's pace and its leaving stop it. Its keys walk on for ever; each read of
    // rows by their keys answers them.
    vi.spyOn(db, 'batches').mockImplementation(async function* () {
      try {
        for (let batch = 0; ; batch += 1) {
          read += 1;
          yield Array.from({ length: 100 }, (_, index) => ({ listed_key: `member-${batch * 100 + index}` }));
        }
      } finally {
        ended = true;
      }
    } as unknown as typeof db.batches);
    vi.spyOn(db, 'rows').mockImplementation((async () => Array.from({ length: 100 }, () => member(newId()))) as unknown as typeof db.rows);
    const aborter = new AbortController();
    const response = await fetch(`${server.api.baseUrl}${base()}/tenant-users?format=csv`, {
      headers: { Authorization: `Bearer ${master()}` },
      signal: aborter.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    // The client stops reading: the server reads no further than the socket's buffers hold.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whilePaused = read;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(read).toBe(whilePaused);
    expect(read).toBeLessThan(500);
    aborter.abort();
    await reader.cancel().catch(() => undefined);
    await vi.waitFor(() => expect(ended).toBe(true), { timeout: 5000 });
  });

  it('walks every row once in order with db.batches, whatever the batch size, with ties, NULLs and microseconds', async () => {
    const db = server.app.services.db;
    const tenantId = world.home.id;
    const org = db.inTenant(tenantId);
    // Documents of another kind: equal titles, NULL and equal download times, and (PostgreSQL) microseconds.
    const start = Date.UTC(2026, 5, 1);
    for (let index = 0; index < 23; index += 1) {
      const id = newId();
      await server.app.knex('bioreq_documents').insert({
        id,
        tenant_id: tenantId,
        tenant_user_id: seeded.members[index % seeded.members.length],
        title: `Batch ${index % 4}`,
        description: 'Batch',
        storage_key: null,
        mime_type: 'application/pdf',
        size: 10,
        status: 'pending',
        processed: false,
        message: null,
        reviewer_user_id: null,
        downloaded_at: index % 3 === 0 ? null : new Date(start + (index % 5) * 1000),
        decided_by_user_id: null,
        decided_at: null,
        file_deleted_at: null,
        created_at: new Date(start),
        updated_at: new Date(start),
      });
      if (kind === 'pg' && index % 2 === 0)
        await server.app.knex.raw(`update bioreq_documents set created_at = created_at + interval '${index} microseconds' where id = ?`, [id]);
    }
    const documents = () => org.from('bioreq_documents as b').where('b.description', 'Batch').select('b.id');
    for (const by of [['b.downloaded_at'], ['lower(b.title)', 'b.downloaded_at'], ['b.created_at'], []]) {
      for (const desc of [false, true]) {
        const direction = desc ? 'desc' : 'asc';
        const ordered = documents();
        for (const expression of [...by, 'b.id']) ordered.orderByRaw(`${expression} ${direction}`);
        const expected = (await org.rows<{ id: string }>(ordered)).map((row) => row.id);
        for (const size of [1, 2, 5, 100]) {
          const walked: string[] = [];
          for await (const batch of org.batches<{ id: string }>(documents(), undefined, { by, key: 'b.id', desc, size })) {
            expect(batch.length).toBeLessThanOrEqual(size);
            for (const row of batch) {
              expect(Object.keys(row)).toEqual(['id']);
              walked.push(row.id);
            }
          }
          expect(walked, `${by.join(', ')} ${direction} by ${size}`).toEqual(expected);
        }
      }
    }
    await server.app.knex('bioreq_documents').where('description', 'Batch').delete();
  });

  it('answers a list’s every row with listRows, keys then rows a few at a time, in the order of the whole list', async () => {
    const db = server.app.services.db;
    const tenantId = world.home.id;
    const org = db.inTenant(tenantId);
    for (const [order, desc, search] of [
      ['user', false, null],
      ['role', true, null],
      ['joined', false, 'learner'],
      ['status', true, null],
    ] as const) {
      const params = { ...listParams({ order, desc, paginate: false }, MEMBER_LIST), search };
      const expected = (await listMembers(db, tenantId, params)).rows.map((row) => row.id);
      for (const size of [1, 3, 7]) {
        const walked: string[] = [];
        const rows = listRows<MemberRow, MemberSortKey>(db, membersOf(org), params, MEMBER_LIST, selectMember(org), { columns: MEMBER_ROW, size });
        for await (const batch of rows) {
          expect(batch.length).toBeLessThanOrEqual(size);
          for (const row of batch) {
            expect(typeof row.is_active).toBe('boolean');
            expect(row.created_at).toMatch(ISO);
            walked.push(row.id);
          }
        }
        expect(walked, `${order} ${desc ? 'desc' : 'asc'} by ${size}`).toEqual(expected);
      }
    }
  });
});
