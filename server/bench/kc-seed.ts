/**
 * Seeds the knowledge check benchmark (issue 11): a module, a component with a check whose bank holds `bankSize`
 * radio questions of four choices (the first the answer), drawing `draw`, and `responsesPerMember` completed
 * responses of each member (attempts 1, 2 ...), each with its draw of `draw` questions and one chosen choice per
 * question. Learners have an ability and questions a difficulty, so the item analysis has something to find; a few
 * questions carry a wrong key (strong learners pick another choice).
 *
 * The responses are streamed to the database as they are made (100,000 responses are 4.1 million rows): on SQLite
 * one prepared INSERT per table on a connection of its own, in one transaction, while no app is open; on PostgreSQL
 * batches of rows as JSON through `jsonb_populate_recordset`, in one transaction.
 */
import Database from 'better-sqlite3';
import type { Knex } from '../src/db/knex.js';
import { newId } from '../src/db/ids.js';
import { KC_ANALYSIS_TOTALS_REBUILD } from '../src/db/migrations/20250122000000_kc_analysis_totals.js';
import { sqliteValue } from '../src/db/sqlite-reader.js';

export interface KcShape {
  bankSize: number;
  draw: number;
  responsesPerMember: number;
}

export interface KcCheck {
  moduleId: string;
  componentId: string;
  checkId: string;
  /** Each question's id, version id and choice ids (the first the answer). */
  bank: { questionId: string; versionId: string; choices: string[] }[];
}

type Row = Record<string, unknown>;

/** A small fast generator (mulberry32): the same seed, the same data. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The module, component, check and its bank, through knex (a few hundred rows). */
export async function seedCheck(knex: Knex, tenantId: string, shape: KcShape): Promise<KcCheck> {
  const now = new Date();
  const moduleId = newId();
  const componentId = newId();
  const checkId = newId();
  const bank: KcCheck['bank'] = [];
  await knex.transaction(async (trx) => {
    await trx('modules').insert({
      id: moduleId,
      tenant_id: tenantId,
      name: 'Safety module',
      description: 'Bench',
      is_active: true,
      position: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    await trx('components').insert({
      id: componentId,
      tenant_id: tenantId,
      module_id: moduleId,
      name: 'Safety basics',
      description: 'Bench',
      is_active: true,
      position: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    await trx('knowledge_checks').insert({
      id: checkId,
      tenant_id: tenantId,
      component_id: componentId,
      topic_id: null,
      instructions: 'Answer every question.',
      number_questions: shape.draw,
      use_question_bank: true,
      created_at: now,
      updated_at: now,
    });
    for (let index = 0; index < shape.bankSize; index += 1) {
      const questionId = newId();
      const versionId = newId();
      const choices = [newId(), newId(), newId(), newId()];
      await trx('kc_questions').insert({
        id: questionId,
        tenant_id: tenantId,
        knowledge_check_id: checkId,
        position: index + 1,
        current_version_id: versionId,
        archived_at: null,
        created_at: now,
        updated_at: now,
      });
      await trx('kc_question_versions').insert({
        id: versionId,
        tenant_id: tenantId,
        question_id: questionId,
        version: 1,
        text: `Question ${index + 1}: which of these is the safe way?`,
        type: 'radio',
        media_id: null,
        drawn: shape.responsesPerMember > 0,
        created_at: now,
      });
      await trx('kc_choices').insert(
        choices.map((id, position) => ({
          id,
          tenant_id: tenantId,
          question_version_id: versionId,
          label: `Choice ${position + 1}`,
          is_answer: position === 0,
          position: position + 1,
          media_id: null,
        })),
      );
      bank.push({ questionId, versionId, choices });
    }
  });
  return { moduleId, componentId, checkId, bank };
}

interface Sink {
  add(table: string, row: Row): Promise<void>;
  finish(): Promise<void>;
}

const RESPONSE_TABLES = ['kc_responses', 'kc_response_questions', 'kc_answer_choices'];
/**
 * The item analysis' totals (migration 20250122000000): the load writes completed responses without completing them,
 * so no trigger adds them up; the load computes them as the migration does, after its rows.
 */
const TOTALS_TABLES = ['kc_item_totals', 'kc_choice_totals'];

/**
 * SQLite: one prepared INSERT per table, one transaction, on its own connection. The tables' secondary indexes are
 * dropped for the load and built again after it (a sorted build is many times faster than 4 million random inserts).
 */
function sqliteSink(filename: string): Sink {
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('cache_size = -262144');
  const statements = new Map<string, Database.Statement>();
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${RESPONSE_TABLES.map(() => '?').join(', ')})`)
    .all(...RESPONSE_TABLES) as { name: string; sql: string }[];
  db.exec('BEGIN');
  for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
  return {
    async add(table, row) {
      let statement = statements.get(table);
      const columns = Object.keys(row);
      if (!statement) {
        statement = db.prepare(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        statements.set(table, statement);
      }
      statement.run(...columns.map((column) => sqliteValue(row[column])));
    },
    async finish() {
      for (const index of indexes) db.exec(index.sql);
      for (const statement of KC_ANALYSIS_TOTALS_REBUILD) db.exec(statement);
      db.exec('COMMIT');
      db.exec(`PRAGMA analysis_limit = 1000; ${[...RESPONSE_TABLES, ...TOTALS_TABLES].map((table) => `ANALYZE "${table}";`).join(' ')}`);
      db.close();
    },
  };
}

const PG_BATCH = 20_000;

/**
 * PostgreSQL: batches of rows as JSON (parents flushed before children), in one transaction. The tables' indexes
 * that back no constraint are dropped for the load and built again after it.
 */
async function pgSink(trx: Knex.Transaction, tables: string[]): Promise<Sink> {
  const buffers = new Map<string, Row[]>(tables.map((table) => [table, []]));
  const indexes = (
    await trx.raw(
      `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = any(?)
         and indexname not in (select conname from pg_constraint)`,
      [tables],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of indexes) await trx.raw('drop index ??', [index.indexname]);
  const flush = async () => {
    for (const table of tables) {
      const rows = buffers.get(table)!;
      if (rows.length === 0) continue;
      await trx.raw(`insert into ?? select * from jsonb_populate_recordset(null::??, ?::jsonb)`, [table, table, JSON.stringify(rows)]);
      buffers.set(table, []);
    }
  };
  return {
    async add(table, row) {
      const rows = buffers.get(table)!;
      rows.push(row);
      if (rows.length >= PG_BATCH) await flush();
    },
    async finish() {
      await flush();
      for (const index of indexes) await trx.raw(index.indexdef);
      for (const statement of KC_ANALYSIS_TOTALS_REBUILD) await trx.raw(statement);
    },
  };
}

/** Where the responses go: a SQLite file (no app open on it) or a PostgreSQL knex. */
export type ResponseTarget = { sqliteFile: string } | { knex: Knex };

/**
 * `responsesPerMember` completed responses of each member: a draw of `draw` of the bank (the draw's own order),
 * each answered; scored as the server scores (exact match; correct ÷ drawn × 100, two decimals).
 */
export async function seedResponses(target: ResponseTarget, tenantId: string, memberIds: string[], check: KcCheck, shape: KcShape): Promise<number> {
  const random = generator(20250117);
  // Abilities 0.15..0.95; difficulties spread; every 25th question carries a wrong key (strong learners miss it).
  const ability = memberIds.map(() => 0.15 + random() * 0.8);
  const easiness = check.bank.map(() => 0.6 + random() * 0.8);
  const wrongKey = check.bank.map((_, index) => index % 25 === 7);
  const start = Date.UTC(2026, 0, 1);
  let count = 0;

  const write = async (sink: Sink) => {
    const order = check.bank.map((_, index) => index);
    for (let attempt = 1; attempt <= shape.responsesPerMember; attempt += 1) {
      for (const [memberIndex, memberId] of memberIds.entries()) {
        const id = newId();
        // A partial Fisher–Yates shuffle: the first `draw` places are the draw.
        for (let place = 0; place < shape.draw; place += 1) {
          const other = place + Math.floor(random() * (order.length - place));
          [order[place], order[other]] = [order[other], order[place]];
        }
        const completedAt = new Date(start + (attempt * memberIds.length + memberIndex) * 37_000);
        const rows: Row[] = [];
        const chosen: Row[] = [];
        let correct = 0;
        for (let place = 0; place < shape.draw; place += 1) {
          const question = check.bank[order[place]];
          const strength = ability[memberIndex] * easiness[order[place]];
          const right = wrongKey[order[place]] ? random() > strength : random() < strength;
          if (right) correct += 1;
          const rqId = newId();
          rows.push({
            id: rqId,
            tenant_id: tenantId,
            response_id: id,
            question_id: question.questionId,
            question_version_id: question.versionId,
            position: place + 1,
            answered_at: completedAt,
            is_correct: right,
          });
          chosen.push({
            tenant_id: tenantId,
            response_question_id: rqId,
            choice_id: right ? question.choices[0] : question.choices[1 + Math.floor(random() * 3)],
            response_attempt: attempt,
          });
        }
        const score = Math.round((correct / shape.draw) * 10_000) / 100;
        // The copies the completion trigger writes (migration 20250117000001), written here with the rows.
        for (const row of rows) Object.assign(row, { response_attempt: attempt, response_score: score, response_correct: correct });
        await sink.add('kc_responses', {
          id,
          tenant_id: tenantId,
          knowledge_check_id: check.checkId,
          tenant_user_id: memberId,
          assignment_id: null,
          status: 'completed',
          seed: Math.floor(random() * 2 ** 31),
          attempt,
          due_date_time: null,
          started_at: new Date(completedAt.getTime() - 300_000),
          completed_date_time: completedAt,
          correct_answers: correct,
          incorrect_answers: shape.draw - correct,
          score,
          created_at: completedAt,
          updated_at: completedAt,
        });
        for (const row of rows) await sink.add('kc_response_questions', row);
        for (const row of chosen) await sink.add('kc_answer_choices', row);
        count += 1;
      }
    }
    await sink.finish();
  };

  if ('sqliteFile' in target) await write(sqliteSink(target.sqliteFile));
  else {
    await target.knex.transaction(async (trx) => {
      await write(await pgSink(trx, RESPONSE_TABLES));
    });
    // As autovacuum would after a load: statistics, and the visibility map that lets index-only scans skip the heap.
    for (const table of [...RESPONSE_TABLES, ...TOTALS_TABLES]) await target.knex.raw('vacuum analyze ??', [table]);
  }
  return count;
}
