/**
 * The item analysis' totals the database keeps (migration 20250122000000_kc_analysis_totals): each completed response
 * adds its drawn rows and chosen choices once, when it completes; a deleted one takes them away; the rebuild the
 * migration and the bench's load run computes the same rows. The expected totals are computed here from the answers
 * the fixtures write, not by SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KC_ANALYSIS_TOTALS_REBUILD } from '../src/db/migrations/20250122000000_kc_analysis_totals.js';
import { insertComponent, insertModule } from './support/content.js';
import { insertCheck, insertQuestion, insertResponse, type SeededAnswer, type SeededVersion } from './support/kc.js';
import { buildWorld, insertMembership, type World } from './support/people.js';
import { createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

interface Taken {
  id: string;
  attempt: number;
  answers: SeededAnswer[];
  status: 'completed' | 'in-progress';
}

type Totals = Record<string, number>;

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The totals of the completed responses, as the analysis defines them. */
function expectedTotals(taken: Taken[]): { items: Record<string, Totals>; choices: Record<string, number> } {
  const items: Record<string, Totals> = {};
  const choices: Record<string, number> = {};
  for (const response of taken.filter((entry) => entry.status === 'completed')) {
    const marks = response.answers.map((answer) => (sameSet(answer.chosen, answer.version.answers) ? 1 : 0));
    const correct = marks.reduce<number>((sum, mark) => sum + mark, 0);
    const score = Math.round((correct / response.answers.length) * 10_000) / 100;
    const first = response.attempt === 1 ? 1 : 0;
    for (const [index, answer] of response.answers.entries()) {
      const key = `${answer.version.versionId}|${first}|${score}`;
      const totals = (items[key] ??= { n: 0, sum_c: 0, sum_x: 0, sum_x2: 0, sum_cx: 0 });
      totals.n += 1;
      totals.sum_c += marks[index];
      totals.sum_x += correct;
      totals.sum_x2 += correct * correct;
      totals.sum_cx += marks[index] * correct;
      for (const choice of answer.chosen) choices[`${choice}|${first}`] = (choices[`${choice}|${first}`] ?? 0) + 1;
    }
  }
  return { items, choices };
}

describe.each(databaseKinds)('item analysis totals on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let bank: SeededVersion[];
  let checkId: string;
  const taken: Taken[] = [];

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    const tenantId = world.home.id;
    const componentId = await insertComponent(server, tenantId, await insertModule(server, tenantId, { name: 'Totals module' }));
    checkId = await insertCheck(server, tenantId, { componentId }, 3);
    bank = [
      await insertQuestion(server, tenantId, checkId, 1, { text: 'One', choices: ['right', 'wrong'], answers: [0] }),
      await insertQuestion(server, tenantId, checkId, 2, { text: 'Two', choices: ['a', 'b', 'c'], answers: [0, 2], type: 'checkbox' }),
      await insertQuestion(server, tenantId, checkId, 3, { text: 'Three', choices: ['wrong', 'right'], answers: [1] }),
    ];
    const [one, two, three] = bank;
    const drawn = (picks: [SeededVersion, number[]][]) =>
      picks.map(([version, chosen]) => ({ version, chosen: chosen.map((index) => version.choices[index]) }));
    const shapes: Omit<Taken, 'id'>[] = [
      {
        attempt: 1,
        status: 'completed',
        answers: drawn([
          [one, [0]],
          [two, [0, 2]],
          [three, [1]],
        ]),
      },
      {
        attempt: 1,
        status: 'completed',
        answers: drawn([
          [three, [0]],
          [one, [0]],
          [two, [0]],
        ]),
      },
      {
        attempt: 1,
        status: 'completed',
        answers: drawn([
          [two, [1]],
          [three, [1]],
          [one, [1]],
        ]),
      },
      // The same score as the second: one row of the totals each.
      {
        attempt: 1,
        status: 'completed',
        answers: drawn([
          [one, [1]],
          [two, [0, 2]],
          [three, [0]],
        ]),
      },
      {
        attempt: 2,
        status: 'completed',
        answers: drawn([
          [one, [0]],
          [two, [0, 2]],
          [three, [0]],
        ]),
      },
      // Draws of part of the bank (a draw of two).
      {
        attempt: 3,
        status: 'completed',
        answers: drawn([
          [three, [1]],
          [two, [0, 1, 2]],
        ]),
      },
      // Unfinished: in no total.
      {
        attempt: 2,
        status: 'in-progress',
        answers: drawn([
          [one, [0]],
          [two, [0, 2]],
          [three, [1]],
        ]),
      },
    ];
    for (const [index, shape] of shapes.entries()) {
      const user = await createUser(server, { name: `Taker ${index}`, email: `taker.${index}@example.com` });
      const memberId = await insertMembership(server, tenantId, user.id);
      const id = await insertResponse(server, tenantId, checkId, memberId, shape.answers, { attempt: shape.attempt, status: shape.status });
      taken.push({ id, ...shape });
    }
  });
  afterAll(() => context.cleanup());

  /** The check's kept totals (rows a deletion left at zero are no total). */
  async function keptTotals() {
    const knex = server.app.knex;
    const versions = bank.map((version) => version.versionId);
    const items: Record<string, Totals> = {};
    for (const row of await knex('kc_item_totals').whereIn('question_version_id', versions).where('n', '>', 0)) {
      items[`${row.question_version_id}|${row.first_attempt}|${Number(row.response_score)}`] = {
        n: Number(row.n),
        sum_c: Number(row.sum_c),
        sum_x: Number(row.sum_x),
        sum_x2: Number(row.sum_x2),
        sum_cx: Number(row.sum_cx),
      };
    }
    const choices: Record<string, number> = {};
    for (const row of await knex('kc_choice_totals')
      .whereIn(
        'choice_id',
        bank.flatMap((version) => version.choices),
      )
      .where('n', '>', 0)) {
      choices[`${row.choice_id}|${row.first_attempt}`] = Number(row.n);
    }
    return { items, choices };
  }

  it('adds each response once, when it completes', async () => {
    const expected = expectedTotals(taken);
    expect(Object.keys(expected.items).length).toBeGreaterThan(8);
    expect(await keptTotals()).toEqual(expected);

    // A completed response written again (its status unchanged) adds nothing.
    await server.app.knex('kc_responses').where('id', taken[0].id).update({ status: 'completed', updated_at: new Date() });
    expect(await keptTotals()).toEqual(expected);
  });

  it('adds a response completed after the others, as the app completes it (its rows marked, then its status)', async () => {
    const { knex } = server.app;
    const late = taken.find((entry) => entry.status === 'in-progress')!;
    for (const answer of late.answers) {
      await knex('kc_response_questions')
        .where({ response_id: late.id, question_version_id: answer.version.versionId })
        .update({ is_correct: sameSet(answer.chosen, answer.version.answers) });
    }
    await knex('kc_responses').where('id', late.id).update({ status: 'completed', correct_answers: 3, incorrect_answers: 0, score: 100 });
    late.status = 'completed';
    expect(await keptTotals()).toEqual(expectedTotals(taken));
  });

  it('takes a deleted response’s rows away', async () => {
    const removed = taken.splice(1, 1)[0];
    await server.app.knex('kc_responses').where('id', removed.id).delete();
    expect(await server.app.knex('kc_response_questions').where('response_id', removed.id)).toEqual([]);
    expect(await keptTotals()).toEqual(expectedTotals(taken));
  });

  it('rebuilds the same totals from the completed responses’ rows', async () => {
    await server.app.knex.transaction(async (trx) => {
      for (const statement of KC_ANALYSIS_TOTALS_REBUILD) await trx.raw(statement);
    });
    expect(await keptTotals()).toEqual(expectedTotals(taken));
  });
});
