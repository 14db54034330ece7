/**
 * Question bank import and export through HTTP (issue 36): a dry run reports what an import would do and writes
 * nothing; an import adds every importable question after the bank's, in file order, in one transaction; skipped
 * questions say why in the question editor's own words; Moodle XML images go to the media library under its rules;
 * sizes, non-text and wrong-format files are refused with the documented statuses; an export imported into an
 * empty check gives the same bank in every format. The formats' own details are in kc-transfer-formats.test.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTree } from './support/content.js';
import { addQuestion, createComponentCheck } from './support/knowledge-checks.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { mediaTestConfig, multipart, storedFiles, type FormParts } from './support/uploads.js';
import { png } from './fixtures/media.js';

interface ReportRow {
  index: number;
  title: string;
  type: string;
  outcome: string;
  reason: string | null;
}

interface BankQuestion {
  text: string;
  type: string;
  media_id: string | null;
  choices: { label: string; is_answer: boolean }[];
}

const GIFT = `// A bank written for the test
$CATEGORY: safety/tools

::Torque::[markdown]Which tool sets a bolt's **torque**? {
=Torque wrench # right
~Hammer
~Pliers
}

::Essay::Describe your last shift.{}

::Two answers::Pick one {=A =B ~C}

::Protection::Which protect your ears? {
~%50%Ear plugs
~%50%Ear muffs
~%-100%Safety glasses
}

The harbour crane needs a banksman.{T}
`;

const AIKEN = `Which colour is a fire extinguisher for electrical fires?
A. Red with a black band
B. Red with a cream band
ANSWER: A
`;

function moodleXml(imageBase64: string, name = 'sign.png'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Sign</text></name>
    <questiontext format="html"><text><![CDATA[<p>What does this <b>sign</b> mean?</p><img src="@@PLUGINFILE@@/${encodeURIComponent(name)}">]]></text>
      <file name="${name}" path="/" encoding="base64">${imageBase64}</file>
    </questiontext>
    <single>true</single>
    <answer fraction="100" format="html"><text>Hard hats</text></answer>
    <answer fraction="0" format="html"><text>No entry</text></answer>
  </question>
</quiz>
`;
}

describe.each(databaseKinds)('question bank import and export on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let admin: Person;
  let learner: Person;
  let outsider: Person;
  let mediaRoot: string;

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    mediaRoot = join(context.dataDir, 'media');
    tenant = await insertTenant(server);
    other = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
    outsider = await person(server, { tenantId: other.id, role: 'admin' });
  });
  afterAll(() => context.cleanup());

  const checkPath = (checkId: string) => `/tenants/${tenant.id}/knowledgechecks/${checkId}`;
  /** A check of a component of its own (a component has one check). */
  const newCheck = async () => {
    const { componentId } = await insertTree(server, tenant.id, [learner.membershipId as string]);
    return createComponentCheck(server, tenant.id, componentId, admin.token);
  };
  const file = (data: string | Buffer, filename = 'bank.txt') => ({ data: typeof data === 'string' ? Buffer.from(data) : data, filename, type: 'text/plain' });
  const upload = (checkId: string, parts: FormParts, token = admin.token) => multipart(server, `${checkPath(checkId)}/questions/import`, parts, token);

  async function bank(checkId: string): Promise<BankQuestion[]> {
    const answer = await server.api.get(checkPath(checkId), { token: admin.token });
    expect(answer.status).toBe(200);
    return answer.body.data.questions;
  }

  const mediaRows = async () => Number((await server.app.knex('media').where('tenant_id', tenant.id).count({ n: '*' }))[0].n);

  async function exported(checkId: string, format: string) {
    const response = await fetch(`${server.api.baseUrl}${checkPath(checkId)}/questions/export?format=${format}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  it('reports a dry run question by question, writes nothing, then imports the importable ones after the bank', async () => {
    const checkId = await newCheck();
    await addQuestion(server, tenant.id, checkId, admin.token, { text: 'Already here' });

    const dry = await upload(checkId, { file: file(GIFT, 'bank.gift'), format: 'gift', dry_run: '1' });
    expect(dry.status).toBe(200);
    const rows: ReportRow[] = dry.body.data.questions;
    expect(rows.map((row) => [row.index, row.title, row.type, row.outcome])).toEqual([
      [1, 'Torque', 'single_choice', 'would_import'],
      [2, 'Essay', 'essay', 'skipped'],
      [3, 'Two answers', 'single_choice', 'skipped'],
      [4, 'Protection', 'multiple_choice', 'would_import'],
      [5, 'The harbour crane needs a banksman.', 'true_false', 'would_import'],
    ]);
    expect(rows[1].reason).toMatch(/essay/i);
    // The question editor's own rule and message.
    expect(rows[2].reason).toBe('A single choice question has exactly one answer.');
    expect(dry.body.data).toMatchObject({ imported: 0, skipped: 2 });
    expect((await bank(checkId)).map((question) => question.text)).toEqual(['Already here']);

    const done = await upload(checkId, { file: file(GIFT, 'bank.gift') });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ imported: 3, skipped: 2 });
    expect(done.body.data.questions.map((row: ReportRow) => row.outcome)).toEqual(['imported', 'skipped', 'skipped', 'imported', 'imported']);
    const questions = await bank(checkId);
    expect(questions.map((question) => [question.text, question.type])).toEqual([
      ['Already here', 'radio'],
      ["Which tool sets a bolt's **torque**?", 'radio'],
      ['Which protect your ears?', 'checkbox'],
      ['The harbour crane needs a banksman.', 'radio'],
    ]);
    expect(questions[1].choices.map((choice) => [choice.label, choice.is_answer])).toEqual([
      ['Torque wrench', true],
      ['Hammer', false],
      ['Pliers', false],
    ]);
    expect(questions[2].choices.filter((choice) => choice.is_answer).map((choice) => choice.label)).toEqual(['Ear plugs', 'Ear muffs']);
    expect(questions[3].choices.map((choice) => [choice.label, choice.is_answer])).toEqual([
      ['True', true],
      ['False', false],
    ]);
  });

  it('detects the format, and refuses a file of another format, a binary file and an empty one with 422 on file', async () => {
    const checkId = await newCheck();
    const detected = await upload(checkId, { file: file(AIKEN), format: 'auto', dry_run: 'true' });
    expect(detected.status).toBe(200);
    expect(detected.body.data.questions).toEqual([
      { index: 1, title: 'Which colour is a fire extinguisher for electrical fires?', type: 'single_choice', outcome: 'would_import', reason: null },
    ]);

    const wrongFormat = await upload(checkId, { file: file(AIKEN), format: 'moodle_xml' });
    expect(wrongFormat.status).toBe(422);
    expect(wrongFormat.body.errors.file[0]).toMatch(/Moodle XML/);

    const binary = await upload(checkId, { file: { data: await png(200, 100), filename: 'bank.gift', type: 'text/plain' } });
    expect(binary.status).toBe(422);
    expect(binary.body.errors.file).toEqual(['The file must be a GIFT, Aiken or Moodle XML text file (UTF-8).']);

    const latin1 = await upload(checkId, { file: file(Buffer.from('Qui est là ?{=oui ~non}', 'latin1')) });
    expect(latin1.status).toBe(422);

    const empty = await upload(checkId, { file: file('') });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.file).toEqual(['The file field is required.']);

    const badFormat = await upload(checkId, { file: file(GIFT), format: 'qti' });
    expect(badFormat.status).toBe(422);
    expect(badFormat.body.errors.format).toBeDefined();
    expect(await bank(checkId)).toEqual([]);
  });

  it('answers 413 with the size message for a file over the question bank limit, and keeps nothing', async () => {
    const checkId = await newCheck();
    // The test limit is 50 KB.
    const big = `${'::Q::A long question? {=yes ~no}\n\n'.repeat(2000)}`;
    const answer = await upload(checkId, { file: file(big) });
    expect(answer.status).toBe(413);
    expect(answer.body.errors.file[0]).toMatch(/^The file size is approximately \d+ KB\. The question bank must be between 0 KB and 50 KB/);
    expect(await bank(checkId)).toEqual([]);
  });

  it('stores a Moodle XML question image in the media library as the question media, and leaves a refused image out with its reason', async () => {
    const checkId = await newCheck();
    const mediaBefore = await mediaRows();
    const filesBefore = storedFiles(mediaRoot);
    const image = (await png(320, 180)).toString('base64');

    const dry = await upload(checkId, { file: file(moodleXml(image), 'bank.xml'), dry_run: '1' });
    expect(dry.status).toBe(200);
    expect(dry.body.data.questions[0]).toMatchObject({ title: 'Sign', type: 'single_choice', outcome: 'would_import', reason: null });
    expect(await mediaRows()).toBe(mediaBefore);
    expect(storedFiles(mediaRoot)).toEqual(filesBefore);

    const done = await upload(checkId, { file: file(moodleXml(image), 'bank.xml') });
    expect(done.status).toBe(200);
    const [question] = await bank(checkId);
    expect(question.text).toContain('What does this **sign** mean?');
    expect(question.text).not.toContain('<');
    expect(question.media_id).not.toBeNull();
    expect(await mediaRows()).toBe(mediaBefore + 1);

    // Smaller than the least image dimensions (160 x 90 here): the question comes in without it.
    const small = await upload(checkId, { file: file(moodleXml((await png(40, 20)).toString('base64')), 'bank.xml') });
    expect(small.status).toBe(200);
    expect(small.body.data.questions[0].outcome).toBe('imported');
    expect(small.body.data.questions[0].reason).toMatch(/^The image sign\.png was left out: /);
    expect((await bank(checkId))[1].media_id).toBeNull();
    expect(await mediaRows()).toBe(mediaBefore + 1);

    // A file name longer than a media name may be: the library keeps its first 255 characters.
    const longName = `${'harbour-crane-'.repeat(25)}.png`;
    const long = await upload(checkId, { file: file(moodleXml(image, longName), 'bank.xml') });
    expect(long.status).toBe(200);
    const [, , withLongName] = await bank(checkId);
    const media = await server.api.get(`/tenants/${tenant.id}/media/${withLongName.media_id}`, { token: admin.token });
    expect(media.body.data.name).toBe(longName.slice(0, 255));
  });

  it('exports every format so that importing it into an empty check gives the same bank', async () => {
    const source = await newCheck();
    await addQuestion(server, tenant.id, source, admin.token, {
      text: 'Which of these are {braces} or ~tildes~ = signs # and: colons?\n\nSecond **paragraph**.',
      choices: [
        { label: 'One = one', is_answer: false },
        { label: 'Two {2}', is_answer: true },
        { label: 'Three # three', is_answer: false },
      ],
    });
    await addQuestion(server, tenant.id, source, admin.token, {
      text: 'Which gloves resist cuts?',
      type: 'checkbox',
      choices: [
        { label: 'Kevlar', is_answer: true },
        { label: 'Latex', is_answer: false },
        { label: 'Steel mesh', is_answer: true },
      ],
    });
    await addQuestion(server, tenant.id, source, admin.token, { text: 'A single line question' });
    const original = (await bank(source)).map(({ text, type, choices }) => ({
      text,
      type,
      choices: choices.map(({ label, is_answer }) => ({ label, is_answer })),
    }));

    for (const format of ['gift', 'moodle_xml'] as const) {
      const file = await exported(source, format);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.(gift|xml)"$/);
      expect(file.headers.get('tessera-questions-left-out')).toBe('0');
      const target = await newCheck();
      const imported = await upload(target, { file: { data: Buffer.from(file.body), filename: 'export', type: 'text/plain' }, format });
      expect(imported.body.data).toMatchObject({ imported: 3, skipped: 0 });
      const copy = (await bank(target)).map(({ text, type, choices }) => ({
        text,
        type,
        choices: choices.map(({ label, is_answer }) => ({ label, is_answer })),
      }));
      expect(copy, format).toEqual(original);
    }

    // Aiken carries single choice questions only, each on one line: the checkbox question is left out and counted.
    const aiken = await exported(source, 'aiken');
    expect(aiken.status).toBe(200);
    expect(aiken.headers.get('tessera-questions-left-out')).toBe('1');
    const target = await newCheck();
    const imported = await upload(target, { file: { data: Buffer.from(aiken.body), filename: 'export.txt', type: 'text/plain' }, format: 'aiken' });
    expect(imported.body.data).toMatchObject({ imported: 2, skipped: 0 });
    const copy = await bank(target);
    expect(copy.map((question) => question.choices.map(({ label, is_answer }) => ({ label, is_answer })))).toEqual([original[0].choices, original[2].choices]);
    expect(copy[1].text).toBe('A single line question');
  });

  it('imports 2 or 40 questions with the same number of statements (bulk inserts, no statement per question)', async () => {
    const bankOf = (count: number) => Array.from({ length: count }, (_, index) => `::Q${index}::Pick ${index} {=A ~B ~C}`).join('\n\n');
    async function statementsFor(count: number): Promise<number> {
      const checkId = await newCheck();
      let statements = 0;
      const onQuery = () => {
        statements += 1;
      };
      server.app.knex.on('query', onQuery);
      try {
        const answer = await upload(checkId, { file: file(bankOf(count)) });
        expect(answer.body.data.imported).toBe(count);
      } finally {
        server.app.knex.off('query', onQuery);
      }
      return statements;
    }
    expect(await statementsFor(40)).toBe(await statementsFor(2));
  });

  it('keeps the bank to its authors: a learner gets 403, another organization 404, a bad format 422', async () => {
    const checkId = await newCheck();
    expect((await upload(checkId, { file: file(GIFT) }, learner.token)).status).toBe(403);
    const foreign = await multipart(server, `/tenants/${other.id}/knowledgechecks/${checkId}/questions/import`, { file: file(GIFT) }, outsider.token);
    expect(foreign.status).toBe(404);
    expect((await server.api.get(`${checkPath(checkId)}/questions/export?format=gift`, { token: learner.token })).status).toBe(403);
    expect((await server.api.get(`/tenants/${other.id}/knowledgechecks/${checkId}/questions/export?format=gift`, { token: outsider.token })).status).toBe(404);
    const unknown = await server.api.get(`${checkPath(checkId)}/questions/export?format=qti`, { token: admin.token });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.format).toBeDefined();
    expect(await bank(checkId)).toEqual([]);
  });
});
