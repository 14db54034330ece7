/**
 * Question bank import benchmark (issue 36): a GIFT file of 1,000 questions (single choice, multiple choice with
 * weights, true/false, Markdown text; 1 in 20 an essay, skipped) imported through HTTP on SQLite, as a dry run and
 * for real into an empty check, and the same bank as Moodle XML with HTML texts (the converting path). Budget: under
 * 2 s each. Each figure is the median of BENCH_IMPORT_RUNS (default 5) runs from the request's first byte to the
 * report's last, a real import into a fresh check each time; the export of the imported bank in each format is timed
 * too. Prints PASS or "not met" per figure; the exit code is 1 when an import does not give the expected report.
 * BENCH_IMPORT_QUESTIONS changes the count.
 */
import { insertTree } from '../test/support/content.js';
import { createComponentCheck } from '../test/support/knowledge-checks.js';
import { insertTenant, person } from '../test/support/people.js';
import { startTestServer } from '../test/support/server.js';
import { mediaTestConfig, TEST_LIMITS } from '../test/support/uploads.js';
import { median } from './support.js';

const QUESTIONS = Number(process.env.BENCH_IMPORT_QUESTIONS ?? 1000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
const BUDGET_MS = 2000;

function giftBank(count: number): { text: string; importable: number } {
  const blocks: string[] = ['// Bench bank', '$CATEGORY: bench/safety'];
  let importable = 0;
  for (let index = 1; index <= count; index += 1) {
    const kind = index % 20 === 0 ? 'essay' : index % 3;
    if (kind === 'essay') blocks.push(`::Essay ${index}::Describe hazard ${index} in your own words.{}`);
    else if (kind === 0)
      blocks.push(`::Q${index}::[markdown]Which **tool** sets torque ${index}? {\n=Torque wrench # right\n~Hammer\n~Pliers\n~Spanner \\= wrench\n}`);
    else if (kind === 1) blocks.push(`::Q${index}::Which protect your ears (case ${index})? {\n~%50%Ear plugs\n~%50%Ear muffs\n~%-100%Glasses\n}`);
    else blocks.push(`::Q${index}::Crane ${index} needs a banksman.{TRUE}`);
    if (kind !== 'essay') importable += 1;
  }
  return { text: `${blocks.join('\n\n')}\n`, importable };
}

function moodleBank(count: number): string {
  const questions: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const single = index % 2 === 0;
    const answers = single
      ? '<answer fraction="100" format="html"><text>Torque wrench</text></answer><answer fraction="0" format="html"><text>Hammer</text></answer><answer fraction="0" format="html"><text>Pliers</text></answer>'
      : '<answer fraction="50" format="html"><text>Ear plugs</text></answer><answer fraction="50" format="html"><text>Ear muffs</text></answer><answer fraction="-100" format="html"><text>Glasses</text></answer>';
    questions.push(
      `<question type="multichoice"><name><text>Q${index}</text></name><questiontext format="html"><text><![CDATA[<p>Which <b>tool</b> or <i>gear</i> fits case ${index}?</p><ul><li>Read it</li><li>Answer</li></ul>]]></text></questiontext><single>${single}</single>${answers}</question>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
}

const context = await startTestServer('sqlite', {
  ...mediaTestConfig(),
  media: {
    ...mediaTestConfig().media!,
    limits: { ...TEST_LIMITS, file_sizes: { ...TEST_LIMITS.file_sizes, question_bank: { min_size: 0, max_size: 20_000 } } },
  },
});
let failed = false;
try {
  const server = context.server;
  const tenant = await insertTenant(server);
  const admin = await person(server, { tenantId: tenant.id, role: 'admin' });
  const gift = giftBank(QUESTIONS);
  const xml = moodleBank(QUESTIONS);

  async function timedImport(file: string, format: string, dryRun: boolean): Promise<{ ms: number; checkId: string }> {
    const { componentId } = await insertTree(server, tenant.id);
    const checkId = await createComponentCheck(server, tenant.id, componentId, admin.token);
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/plain' }), 'bank');
    form.append('format', format);
    if (dryRun) form.append('dry_run', '1');
    const started = performance.now();
    const response = await fetch(`${server.api.baseUrl}/tenants/${tenant.id}/knowledgechecks/${checkId}/questions/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, Accept: 'application/json' },
      body: form,
    });
    const body = (await response.json()) as { data: { imported: number; questions: { outcome: string }[] } };
    const ms = performance.now() - started;
    const expected = format === 'gift' ? gift.importable : QUESTIONS;
    const taken = body.data?.questions.filter((question) => question.outcome !== 'skipped').length;
    if (response.status !== 200 || taken !== expected || body.data.imported !== (dryRun ? 0 : expected)) {
      console.error(`${format} ${dryRun ? 'dry run' : 'import'}: ${response.status}, ${taken} of ${expected} taken`);
      failed = true;
    }
    return { ms, checkId };
  }

  const rows: { case: string; bytes: number; medianMs: number; budget: string }[] = [];
  let lastCheck = '';
  for (const [name, file, format] of [
    ['GIFT', gift.text, 'gift'],
    ['Moodle XML (HTML)', xml, 'moodle_xml'],
  ] as const) {
    for (const dryRun of [true, false]) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await timedImport(file, format, dryRun);
        times.push(result.ms);
        lastCheck = result.checkId;
      }
      const medianMs = median(times);
      rows.push({
        case: `${name} ${dryRun ? 'dry run' : 'import'}`,
        bytes: Buffer.byteLength(file),
        medianMs: Math.round(medianMs),
        budget: medianMs < BUDGET_MS ? 'PASS' : 'not met',
      });
    }
  }

  for (const format of ['gift', 'moodle_xml', 'aiken']) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const response = await fetch(`${server.api.baseUrl}/tenants/${tenant.id}/knowledgechecks/${lastCheck}/questions/export?format=${format}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
      if (response.status !== 200 || bytes === 0) failed = true;
    }
    rows.push({ case: `export ${format} (${QUESTIONS} questions)`, bytes, medianMs: Math.round(median(times)), budget: '' });
  }
  console.log(`Question bank import, ${QUESTIONS} questions, median of ${RUNS} (budget < ${BUDGET_MS} ms on SQLite)`);
  console.table(rows);
} finally {
  await context.cleanup();
}
process.exit(failed ? 1 : 0);
