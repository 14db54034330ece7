/**
 * Knowledge checks (issue 11): checks of topics and components, the bank's rules and messages, versions (a drawn
 * question edited leaves the response's review and score as they were), the seeded draw stored once, one response
 * in progress, answers, scoring, the answer key hidden from learners until completion, preview, print and
 * assignments with their emails. Every answer is checked against the contract by the test client.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kcMessages, messages } from '@tessera/sdk/rules';
import { draw } from '../src/features/knowledge-checks/draw.js';
import { scoreOf } from '../src/features/knowledge-checks/responses.js';
import { insertComponent, insertMediaRow, insertModule, insertTopic } from './support/content.js';
import { addQuestion, carriesKey, checkWithBank, createComponentCheck, put } from './support/knowledge-checks.js';
import { del, insertGroup, insertTenant, person, relate, type Person, type TenantFixture } from './support/people.js';
import { countQueries, expectFlatListQueries } from './support/query-counts.js';
import { databaseKinds, jobsSettled, readOutbox, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe('the draw', () => {
  const bank = Array.from({ length: 30 }, (_, index) => index);

  it('a seed reproduces the same draw, of distinct questions of the bank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.integer({ min: 1, max: 40 }), (seed, count) => {
        const first = draw(bank, count, seed);
        expect(draw(bank, count, seed)).toEqual(first);
        expect(first).toHaveLength(Math.min(count, bank.length));
        expect(new Set(first).size).toBe(first.length);
        expect(first.every((question) => bank.includes(question))).toBe(true);
      }),
    );
  });

  it('different seeds give different draws, and every question is drawn about as often', () => {
    const counts = new Array<number>(bank.length).fill(0);
    const draws = new Set<string>();
    for (let seed = 0; seed < 3000; seed += 1) {
      const drawn = draw(bank, 10, seed);
      draws.add(drawn.join(','));
      for (const question of drawn) counts[question] = (counts[question] as number) + 1;
    }
    expect(draws.size).toBeGreaterThan(2990);
    for (const count of counts) {
      expect(count / 3000).toBeGreaterThan(0.28);
      expect(count / 3000).toBeLessThan(0.39);
    }
  });

  it('the score is correct ÷ drawn × 100 with two decimals', () => {
    expect(scoreOf(2, 3)).toBe(66.67);
    expect(scoreOf(1, 3)).toBe(33.33);
    expect(scoreOf(3, 3)).toBe(100);
    expect(scoreOf(0, 7)).toBe(0);
    expect(scoreOf(1, 8)).toBe(12.5);
  });
});

describe.each(databaseKinds)('knowledge checks on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let admin: Person;
  let learner: Person;
  let second: Person;
  let moduleId: string;
  let componentId: string;
  let topicId: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    other = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin', name: 'Adam Admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lena Learner' });
    second = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lars Learner' });
    moduleId = await insertModule(server, tenant.id, { members: [learner.membershipId as string, second.membershipId as string] });
    componentId = await insertComponent(server, tenant.id, moduleId);
    topicId = await insertTopic(server, tenant.id, componentId);
  });
  afterAll(() => context.cleanup());

  const kc = (id: string, rest = '') => `/tenants/${tenant.id}/knowledgechecks/${id}${rest}`;
  const get = (path: string, token: string) => server.api.get(path, { token });
  /** A fresh component (visible to both learners) for a test of its own. */
  const freshComponent = () => insertComponent(server, tenant.id, moduleId);
  const start = (checkId: string, token = learner.token) => server.api.post(kc(checkId, '/responses'), {}, { token });
  const answer = (checkId: string, responseId: string, questionId: string, choiceIds: string[], token = learner.token) =>
    server.api.post(kc(checkId, `/responses/${responseId}/questions/${questionId}`), { choice_ids: choiceIds }, { token });
  const complete = (checkId: string, responseId: string, token = learner.token) => put(server, kc(checkId, `/responses/${responseId}/complete`), {}, token);
  const responseCount = async () => Number(((await server.app.knex('kc_responses').count({ total: '*' }).first()) as { total: number | string }).total);

  describe('checks', () => {
    it('a component has no check, then one: created with its number of questions, filled into the component', async () => {
      const component = await freshComponent();
      const path = `/tenants/${tenant.id}/components/${component}/knowledgechecks`;
      expect((await get(path, admin.token)).body).toEqual({ data: null });
      const created = await server.api.post(path, { number_questions: '5', instructions: 'Use *one* answer.' }, { token: admin.token });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        number_questions: 5,
        instructions: 'Use *one* answer.',
        instructions_html: '<p>Use <em>one</em> answer.</p>',
        component_id: component,
        module_id: moduleId,
        topic_id: null,
        question_count: 0,
        questions: [],
        use_question_bank: true,
      });
      expect((await get(path, learner.token)).body.data.id).toBe(created.body.data.id);
      expect((await get(path, learner.token)).body.data).not.toHaveProperty('questions');
      expect((await get(`/tenants/${tenant.id}/components/${component}`, admin.token)).body.data.knowledgecheck_id).toBe(created.body.data.id);
      const again = await server.api.post(path, { number_questions: 3 }, { token: admin.token });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('knowledge_check_exists');
    });

    it('number of questions: required and numeric (the spec messages)', async () => {
      const path = `/tenants/${tenant.id}/components/${await freshComponent()}/knowledgechecks`;
      const missing = await server.api.post(path, {}, { token: admin.token });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ number_questions: [messages.required('number_questions')] });
      const text = await server.api.post(path, { number_questions: 'ten' }, { token: admin.token });
      expect(text.body.errors).toEqual({ number_questions: [kcMessages.numberQuestionsNumeric] });
    });

    it('a topic check: saving instructions creates it, PUT changes them, the topic carries its id', async () => {
      const topic = await insertTopic(server, tenant.id, componentId);
      const path = `/tenants/${tenant.id}/topics/${topic}/kc`;
      expect((await get(path, learner.token)).body).toEqual({ data: null });
      const created = await server.api.post(path, { instructions: 'Before you start' }, { token: admin.token });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ topic_id: topic, component_id: componentId, number_questions: 10, instructions: 'Before you start' });
      const id = created.body.data.id;
      expect((await get(`${path}/${id}`, learner.token)).body.data.id).toBe(id);
      const updated = await put(server, `${path}/${id}`, { id, instructions: '# New' }, admin.token);
      expect(updated.status).toBe(200);
      expect(updated.body.data.instructions_html).toBe('<h1>New</h1>');
      const mismatch = await put(server, `${path}/${id}`, { id: created.body.data.component_id, instructions: 'x' }, admin.token);
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors).toHaveProperty('id');
      expect((await get(`/tenants/${tenant.id}/topics/${topic}`, learner.token)).body.data.knowledgecheck_id).toBe(id);
      expect((await server.api.post(path, { instructions: '' }, { token: admin.token })).body.code).toBe('knowledge_check_exists');
      // Another topic's path does not reach it.
      expect((await get(`/tenants/${tenant.id}/topics/${topicId}/kc/${id}`, admin.token)).status).toBe(404);
    });

    it('PUT /knowledgechecks/{id} changes instructions and the number drawn; the markdown is sanitized', async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token, 4);
      const response = await put(
        server,
        kc(id),
        { id, instructions: '<script>alert(1)</script>\n\n[x](javascript:alert(1))', number_questions: 2 },
        admin.token,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.number_questions).toBe(2);
      expect(response.body.data.instructions_html).not.toContain('<script');
      expect(response.body.data.instructions_html).toContain('<a target="_blank" rel="noopener noreferrer" href="">x</a>');
      expect((await put(server, kc(id), { number_questions: 0 }, admin.token)).body.errors).toEqual({ number_questions: [kcMessages.numberQuestionsMin] });
    });

    it("another organization's check, or an unknown one, is 404", async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token);
      const outsider = await person(server, { tenantId: other.id, role: 'master' });
      expect((await get(`/tenants/${other.id}/knowledgechecks/${id}`, outsider.token)).status).toBe(404);
      expect((await get(kc('0190a0b0-0000-7000-8000-000000000001'), admin.token)).status).toBe(404);
    });
  });

  describe('the question bank', () => {
    let checkId: string;
    beforeAll(async () => {
      checkId = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token, 10);
    });
    const post = (body: unknown) => server.api.post(kc(checkId, '/questions'), body, { token: admin.token });

    it.each([
      ['one choice', { text: 'Q', type: 'radio', choices: [{ label: 'A', is_answer: true }] }, { choices: [kcMessages.twoChoices] }],
      [
        'no answer',
        {
          text: 'Q',
          type: 'checkbox',
          choices: [
            { label: 'A', is_answer: false },
            { label: 'B', is_answer: false },
          ],
        },
        { choices: [kcMessages.oneAnswer] },
      ],
      [
        'two answers on radio',
        {
          text: 'Q',
          type: 'radio',
          choices: [
            { label: 'A', is_answer: true },
            { label: 'B', is_answer: 1 },
          ],
        },
        { choices: [kcMessages.radioOneAnswer] },
      ],
      [
        'no text, a blank label',
        {
          text: ' ',
          type: 'radio',
          choices: [
            { label: 'A', is_answer: true },
            { label: '', is_answer: false },
          ],
        },
        { text: [messages.required('text')], 'choices.1.label': [messages.required('label')] },
      ],
    ])('422 for %s, with the message on the field', async (_name, body, errors) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual(errors);
    });

    it('media of another organization, or unknown, is refused; the own library is shown with signed URLs', async () => {
      const foreign = await insertMediaRow(server, other.id);
      const own = await insertMediaRow(server, tenant.id);
      const refused = await post({
        text: 'Q',
        type: 'radio',
        media_id: foreign,
        choices: [
          { label: 'A', is_answer: true, media_id: foreign },
          { label: 'B', is_answer: false },
        ],
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['choices.0.media_id', 'media_id']);
      const created = await addQuestion(server, tenant.id, checkId, admin.token, {
        text: 'With an image',
        media_id: own,
        choices: [
          { label: 'A', is_answer: true, media_id: own },
          { label: 'B', is_answer: false },
        ],
      });
      expect(created.media).toMatchObject({ id: own, type: 'image' });
      expect(created.media.url).toContain(`/files/${tenant.id}/${own}/file`);
      expect(created.choices[0].media.id).toBe(own);
    });

    it('questions are appended last; archiving renumbers from 1; restoring puts it back at the end; order renumbers', async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token);
      const q1 = await addQuestion(server, tenant.id, id, admin.token, { text: 'One' });
      const q2 = await addQuestion(server, tenant.id, id, admin.token, { text: 'Two' });
      const q3 = await addQuestion(server, tenant.id, id, admin.token, { text: 'Three' });
      expect([q1.order, q2.order, q3.order]).toEqual([1, 2, 3]);
      expect(q1).toMatchObject({ version: 1, type: 'radio', text_html: '<p>One</p>', archived: false });
      expect(q1.answer).toEqual([q1.choices[0].id]);
      expect(q1.choices.map((choice: { order: number; value: string; id: string }) => [choice.order, choice.value === choice.id])).toEqual([
        [1, true],
        [2, true],
        [3, true],
      ]);

      expect((await del(server, kc(id, `/questions/${q1.id}`), admin.token)).status).toBe(204);
      expect((await del(server, kc(id, `/questions/${q1.id}`), admin.token)).status).toBe(404);
      const bank = (await get(kc(id), admin.token)).body.data;
      expect(bank.questions.map((question: { text: string; order: number }) => [question.text, question.order])).toEqual([
        ['Two', 1],
        ['Three', 2],
      ]);
      expect(bank.question_count).toBe(2);
      const archived = await get(kc(id, '/questions/archived'), admin.token);
      expect(archived.body.data.map((question: { id: string; archived: boolean }) => [question.id, question.archived])).toEqual([[q1.id, true]]);
      expect((await put(server, kc(id, `/questions/${q1.id}`), { text: 'x', type: 'radio', choices: [] }, admin.token)).status).toBe(422);

      const restored = await put(server, kc(id, `/questions/${q1.id}/restore`), {}, admin.token);
      expect(restored.status).toBe(200);
      expect(restored.body.data).toMatchObject({ order: 3, archived: false });
      expect((await put(server, kc(id, `/questions/${q1.id}/restore`), {}, admin.token)).status).toBe(404);

      const ordered = await put(server, kc(id, '/questions/order'), { questions: [{ id: q1.id, order: 0 }] }, admin.token);
      expect(ordered.status).toBe(200);
      expect(ordered.body.data.map((question: { text: string; order: number }) => [question.text, question.order])).toEqual([
        ['One', 1],
        ['Two', 2],
        ['Three', 3],
      ]);
      const unknown = await put(server, kc(id, '/questions/order'), { questions: [{ id: q1.choices[0].id, order: 1 }] }, admin.token);
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ questions: [messages.selected('questions')] });
    });

    it('a learner reads the check without the bank and cannot write it (403)', async () => {
      const read = await get(kc(checkId), learner.token);
      expect(read.status).toBe(200);
      expect(read.body.data).not.toHaveProperty('questions');
      expect(carriesKey(read.body)).toBe(false);
      const write = await post({
        text: 'Q',
        type: 'radio',
        choices: [
          { label: 'A', is_answer: true },
          { label: 'B', is_answer: false },
        ],
      });
      expect(write.status).toBe(201);
      expect((await server.api.post(kc(checkId, '/questions'), {}, { token: learner.token })).status).toBe(403);
    });
  });

  describe('versions', () => {
    it('an edit before any draw rewrites the version in place, keeping the choices sent with their id', async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token);
      const question = await addQuestion(server, tenant.id, id, admin.token, { text: 'Capital of France?' });
      const [a, b] = question.choices;
      const edited = await put(
        server,
        kc(id, `/questions/${question.id}`),
        {
          text: 'Capital of **France**?',
          type: 'radio',
          choices: [
            { id: b.id, label: 'Paris', is_answer: true },
            { id: a.id, label: 'Lyon', is_answer: false },
            { label: 'Nice', is_answer: false },
          ],
        },
        admin.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ version: 1, version_id: question.version_id, text_html: '<p>Capital of <strong>France</strong>?</p>' });
      expect(edited.body.data.choices.map((choice: { id: string; label: string }) => choice.label)).toEqual(['Paris', 'Lyon', 'Nice']);
      expect(edited.body.data.choices[0].id).toBe(b.id);
      expect(edited.body.data.answer).toEqual([b.id]);
      const foreignChoice = await put(
        server,
        kc(id, `/questions/${question.id}`),
        {
          text: 'x',
          type: 'radio',
          choices: [
            { id: question.version_id, label: 'A', is_answer: true },
            { label: 'B', is_answer: false },
          ],
        },
        admin.token,
      );
      expect(foreignChoice.status).toBe(422);
      expect(foreignChoice.body.errors).toEqual({ 'choices.0.id': [messages.selected('id')] });
    });

    it("editing a drawn question writes a new version: the learner's response, review and score stay as they were", async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token, 1);
      const question = await addQuestion(server, tenant.id, id, admin.token, { text: 'Old text' });
      const started = await start(id);
      expect(started.status).toBe(201);
      const responseId = started.body.data.id;
      expect(started.body.data.questions[0]).toMatchObject({ id: question.id, version_id: question.version_id, text: 'Old text' });

      const edited = await put(
        server,
        kc(id, `/questions/${question.id}`),
        {
          text: 'New text',
          type: 'radio',
          choices: [
            { id: question.choices[0].id, label: 'A', is_answer: false },
            { id: question.choices[1].id, label: 'B', is_answer: true },
          ],
        },
        admin.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data.version).toBe(2);
      expect(edited.body.data.version_id).not.toBe(question.version_id);
      expect(edited.body.data.choices.map((choice: { id: string }) => choice.id)).not.toContain(question.choices[0].id);

      // The response still shows the version it drew, and is scored with that version's key (A was right then).
      const during = await get(kc(id, `/responses/${responseId}`), learner.token);
      expect(during.body.data.questions[0]).toMatchObject({ version: 1, text: 'Old text' });
      expect((await answer(id, responseId, question.id, [question.choices[0].id])).status).toBe(200);
      const done = await complete(id, responseId);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: 'completed', score: 100, correct_answers: 1, incorrect_answers: 0 });
      expect(done.body.data.questions[0].answer).toEqual([question.choices[0].id]);

      // A later edit (of version 2, undrawn: in place) changes nothing of the review.
      await put(
        server,
        kc(id, `/questions/${question.id}`),
        {
          text: 'Newest',
          type: 'radio',
          choices: [
            { label: 'X', is_answer: true },
            { label: 'Y', is_answer: false },
          ],
        },
        admin.token,
      );
      const review = await get(kc(id, `/responses/${responseId}`), learner.token);
      expect(review.body.data.questions[0]).toMatchObject({ version: 1, text: 'Old text', answer: [question.choices[0].id] });
      expect(review.body.data.answers[0]).toMatchObject({ question_id: question.id, choice_ids: [question.choices[0].id], is_correct: true });
      expect(review.body.data.score).toBe(100);
      // The next response draws the current version.
      const next = await start(id);
      expect(next.body.data.questions[0]).toMatchObject({ text: 'Newest', version: 2 });
    });
  });

  describe('responses', () => {
    let checkId: string;
    beforeAll(async () => {
      checkId = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 12, 5);
    });

    it('the draw is stored once: the same questions in the same order on every read, reproduced by the stored seed', async () => {
      const created = await start(checkId, second.token);
      expect(created.status).toBe(201);
      const data = created.body.data;
      expect(data).toMatchObject({ status: 'in-progress', attempt: 1, score: null, answers: [] });
      expect(data.questions).toHaveLength(5);
      expect(data.questions.map((question: { order: number }) => question.order)).toEqual([1, 2, 3, 4, 5]);
      const again = await get(kc(checkId, `/responses/${data.id}`), second.token);
      expect(again.body.data.questions.map((question: { id: string }) => question.id)).toEqual(data.questions.map((question: { id: string }) => question.id));
      const { seed } = await server.app.knex('kc_responses').where('id', data.id).first('seed');
      const bank = (await get(kc(checkId), admin.token)).body.data.questions.map((question: { id: string }) => question.id);
      expect(draw(bank, 5, Number(seed))).toEqual(data.questions.map((question: { id: string }) => question.id));
      const drawnFlags = await server.app
        .knex('kc_question_versions')
        .whereIn(
          'id',
          data.questions.map((question: { version_id: string }) => question.version_id),
        )
        .pluck('drawn');
      expect(drawnFlags.map(Boolean)).toEqual([true, true, true, true, true]);
    });

    it('one in-progress response per member: a second POST, and racing POSTs, answer the same one', async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 3, 2);
      const first = await start(id);
      expect(first.status).toBe(201);
      const second200 = await start(id);
      expect(second200.status).toBe(200);
      expect(second200.body.data.id).toBe(first.body.data.id);

      const raced = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 3, 2);
      const answers = await Promise.all(Array.from({ length: 6 }, () => start(raced)));
      expect(answers.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((response) => response.body.data.id)).size).toBe(1);
      const rows = await server.app.knex('kc_responses').where({ knowledge_check_id: raced, tenant_user_id: learner.membershipId });
      expect(rows).toHaveLength(1);
    });

    it('a check with an empty bank cannot be started (409 no_questions)', async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token);
      const response = await start(id);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('no_questions');
    });

    it('answers: replaced by a later save; wrong choices, two on radio, none, a question outside the draw are refused', async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 4, 2);
      const response = (await start(id)).body.data;
      const [q1, q2] = response.questions;
      const bank = (await get(kc(id), admin.token)).body.data.questions;
      const outside = bank.find((question: { id: string }) => !response.questions.some((drawn: { id: string }) => drawn.id === question.id));

      const saved = await answer(id, response.id, q1.id, [q1.choices[1].id]);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ question_id: q1.id, knowledge_check_response_id: response.id, choice_ids: [q1.choices[1].id], is_correct: null });
      const replaced = await answer(id, response.id, q1.id, [q1.choices[0].id]);
      expect(replaced.body.data.choice_ids).toEqual([q1.choices[0].id]);
      expect((await get(kc(id, `/responses/${response.id}`), learner.token)).body.data.answers).toEqual([
        { id: replaced.body.data.id, question_id: q1.id, knowledge_check_response_id: response.id, choice_ids: [q1.choices[0].id], is_correct: null },
      ]);

      // A double click: the same answer saved several times at once is saved once, never a 500.
      const burst = await Promise.all(Array.from({ length: 5 }, () => answer(id, response.id, q2.id, [q2.choices[2].id])));
      expect(burst.map((entry) => entry.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await server.app.knex('kc_answer_choices').where('response_question_id', burst[0]?.body.data.id)).toHaveLength(1);

      const foreign = await answer(id, response.id, q1.id, [q2.choices[0].id]);
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors).toEqual({ choice_ids: [kcMessages.choiceOfQuestion] });
      const two = await answer(id, response.id, q1.id, [q1.choices[0].id, q1.choices[1].id]);
      expect(two.body.errors).toEqual({ choice_ids: [kcMessages.radioOneChoice] });
      const none = await answer(id, response.id, q1.id, []);
      expect(none.body.errors).toEqual({ choice_ids: [kcMessages.selectChoice] });
      const mismatch = await server.api.post(
        kc(id, `/responses/${response.id}/questions/${q1.id}`),
        { choice_ids: [q1.choices[0].id], question_id: q2.id },
        { token: learner.token },
      );
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors).toHaveProperty('question_id');
      expect((await answer(id, response.id, outside.id, [outside.choices[0].id])).status).toBe(404);
      // Someone else's response is not found.
      expect((await answer(id, response.id, q1.id, [q1.choices[0].id], second.token)).status).toBe(404);
      expect((await get(kc(id, `/responses/${response.id}`), second.token)).status).toBe(404);
    });

    it('complete is refused while a question is unanswered; then scores exactly; a completed response takes no answers', async () => {
      const id = await createComponentCheck(server, tenant.id, await freshComponent(), admin.token, 3);
      await addQuestion(server, tenant.id, id, admin.token, { text: 'R1' });
      await addQuestion(server, tenant.id, id, admin.token, {
        text: 'C1',
        type: 'checkbox',
        choices: [
          { label: 'A', is_answer: true },
          { label: 'B', is_answer: true },
          { label: 'C', is_answer: false },
        ],
      });
      await addQuestion(server, tenant.id, id, admin.token, { text: 'R2' });
      const response = (await start(id)).body.data;
      const byText = (text: string) => response.questions.find((question: { text: string }) => question.text === text);
      const r1 = byText('R1');
      const c1 = byText('C1');
      const r2 = byText('R2');
      await answer(id, response.id, r1.id, [r1.choices[0].id]);
      const refused = await complete(id, response.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('unanswered_questions');
      // Every chosen choice of a checkbox question is saved, and a second save replaces the first.
      expect((await answer(id, response.id, c1.id, [c1.choices[0].id, c1.choices[2].id])).status).toBe(200);
      const chosen = async () =>
        (await get(kc(id, `/responses/${response.id}`), learner.token)).body.data.answers.find((entry: { question_id: string }) => entry.question_id === c1.id)
          .choice_ids;
      expect([...(await chosen())].sort()).toEqual([c1.choices[0].id, c1.choices[2].id].sort());
      // A subset of the checkbox answer is wrong (exact set match).
      await answer(id, response.id, c1.id, [c1.choices[0].id]);
      expect(await chosen()).toEqual([c1.choices[0].id]);
      await answer(id, response.id, r2.id, [r2.choices[0].id]);
      const done = await complete(id, response.id);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: 'completed', correct_answers: 2, incorrect_answers: 1, score: 66.67 });
      expect(done.body.data.completed_date_time).toEqual(expect.any(String));
      const verdicts = Object.fromEntries(
        done.body.data.answers.map((entry: { question_id: string; is_correct: boolean }) => [entry.question_id, entry.is_correct]),
      );
      expect(verdicts).toEqual({ [r1.id]: true, [c1.id]: false, [r2.id]: true });
      expect(done.body.data.questions.find((question: { id: string }) => question.id === c1.id).answer).toEqual([c1.choices[0].id, c1.choices[1].id]);

      const late = await answer(id, response.id, r1.id, [r1.choices[1].id]);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('response_completed');
      expect((await complete(id, response.id)).body.code).toBe('response_completed');
      const list = await get(kc(id, '/responses'), learner.token);
      expect(list.body.data[0]).toMatchObject({ id: response.id, status: 'completed', score: 66.67, attempt: 1 });
      // A new attempt.
      const next = await start(id);
      expect(next.status).toBe(201);
      expect(next.body.data.attempt).toBe(2);
      expect((await get(kc(id, '/responses'), learner.token)).body.data.map((entry: { id: string }) => entry.id)).toEqual([next.body.data.id, response.id]);
    });

    it('the answer key never reaches a learner before completion, on any call that returns questions', async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 3, 2);
      const seen: unknown[] = [];
      seen.push((await get(kc(id), learner.token)).body);
      seen.push((await get(`/tenants/${tenant.id}/components/${(await get(kc(id), admin.token)).body.data.component_id}/knowledgechecks`, learner.token)).body);
      const created = await start(id);
      seen.push(created.body);
      const response = created.body.data;
      seen.push((await start(id)).body);
      seen.push((await get(kc(id, `/responses/${response.id}`), learner.token)).body);
      seen.push((await get(kc(id, '/responses'), learner.token)).body);
      for (const question of response.questions) seen.push((await answer(id, response.id, question.id, [question.choices[1].id])).body);
      seen.push((await get(kc(id, `/responses/${response.id}`), learner.token)).body);
      for (const body of seen) expect(carriesKey(body), JSON.stringify(body)).toBe(false);
      expect(JSON.stringify(seen)).not.toContain('is_answer');

      const done = await complete(id, response.id);
      expect(carriesKey(done.body)).toBe(true);
      for (const question of done.body.data.questions) {
        expect(question.answer).toEqual([question.choices[0].id]);
        expect(question.choices.map((choice: { is_answer: boolean }) => choice.is_answer)).toEqual([true, false, false]);
      }
      expect(done.body.data).toMatchObject({ score: 0, correct_answers: 0, incorrect_answers: 2 });
    });
  });

  describe('preview and print', () => {
    let checkId: string;
    beforeAll(async () => {
      checkId = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 15, 4);
    });

    it('a preview is a draw without the key, with no id, and stores nothing; a seed repeats it', async () => {
      const before = await responseCount();
      const preview = await get(kc(checkId, '/preview?seed=1234'), admin.token);
      expect(preview.status).toBe(200);
      expect(preview.body.data).toMatchObject({ id: null, status: 'in-progress', answers: [] });
      expect(preview.body.data.questions).toHaveLength(4);
      expect(carriesKey(preview.body)).toBe(false);
      const again = await get(kc(checkId, '/preview?seed=1234'), admin.token);
      expect(again.body.data.questions).toEqual(preview.body.data.questions);
      expect(await responseCount()).toBe(before);
      expect((await get(kc(checkId, '/preview?seed=abc'), admin.token)).status).toBe(422);
      expect((await get(kc(checkId, '/preview'), learner.token)).status).toBe(403);
    });

    it('print: number questions (10 by default) with the key; the same form gives the same sheet; all when the bank holds no more', async () => {
      const sheet = await get(kc(checkId, '/print'), admin.token);
      expect(sheet.status).toBe(200);
      expect(sheet.body.data.number).toBe(10);
      expect(sheet.body.data.questions).toHaveLength(10);
      expect(sheet.body.data.questions.every((question: { answer: string[] }) => question.answer.length === 1)).toBe(true);
      const form = sheet.body.data.form;
      expect(form).toMatch(/^[0-9a-z]{1,7}$/);
      const again = await get(kc(checkId, `/print?number=10&form=${form}`), admin.token);
      expect(again.body.data).toEqual(sheet.body.data);
      const other = await get(kc(checkId, `/print?number=10&form=${form === 'zz' ? 'zy' : 'zz'}`), admin.token);
      expect(other.body.data.questions.map((question: { id: string }) => question.id)).not.toEqual(
        sheet.body.data.questions.map((question: { id: string }) => question.id),
      );
      const all = await get(kc(checkId, '/print?number=50'), admin.token);
      expect(all.body.data.questions).toHaveLength(15);
      expect(new Set(all.body.data.questions.map((question: { id: string }) => question.id)).size).toBe(15);
      const bad = await get(kc(checkId, '/print?number=x&form=!!'), admin.token);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['form', 'number']);
      expect((await get(kc(checkId, '/print'), learner.token)).status).toBe(403);
    });
  });

  describe('queries per request', () => {
    function queriesFor(call: () => Promise<{ status: number }>): Promise<number> {
      return countQueries(server, async () => expect((await call()).status).toBeLessThan(300));
    }

    /** The queries of reading a response, saving an answer, completing and reading the bank, for a bank (and draw) of `size`. */
    async function costs(size: number) {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, size, size);
      const response = (await start(id)).body.data;
      const [first] = response.questions;
      const read = await queriesFor(() => get(kc(id, `/responses/${response.id}`), learner.token));
      const save = await queriesFor(() => answer(id, response.id, first.id, [first.choices[0].id]));
      for (const question of response.questions.slice(1)) await answer(id, response.id, question.id, [question.choices[1].id]);
      const finish = await queriesFor(() => complete(id, response.id));
      const bank = await queriesFor(() => get(kc(id), admin.token));
      return { read, save, finish, bank };
    }

    it('reading a response, saving an answer, completing and reading the bank cost as many queries for 30 questions as for 2', async () => {
      const small = await costs(2);
      const large = await costs(30);
      expect(large).toEqual(small);
      expect(small.save).toBeLessThanOrEqual(8);
      expect(small.read).toBeGreaterThan(5);
    });

    it("My Knowledge Checks costs its page and its count, whatever the page's size", async () => {
      const path = (size: number) => `/tenants/${tenant.id}/knowledgechecks/mine?per_page=${size}`;
      const { total } = (await get(path(1), learner.token)).body.meta;
      expect(total).toBeGreaterThan(1);
      const rows = Math.min(total, 100);
      expect(await expectFlatListQueries(server, { operation: 'listMyKnowledgeChecks', path, token: learner.token, rows, atMost: 2 })).toBeLessThanOrEqual(2);
    });
  });

  describe('My Knowledge Checks', () => {
    it('lists the checks a learner can take, assigned first by due date, then by name, with where they stand', async () => {
      const org = await insertTenant(server);
      const author = await person(server, { tenantId: org.id, role: 'admin', name: 'Ada Author' });
      const me = await person(server, { tenantId: org.id, role: 'user', name: 'Mia Mine' });
      const seen = await insertModule(server, org.id, { members: [me.membershipId as string], name: 'Seen module' });
      const hidden = await insertModule(server, org.id, { name: 'Hidden module' });
      const check = async (module: string, name: string, options: { active?: boolean; archived?: boolean } = {}) =>
        checkWithBank(server, org.id, await insertComponent(server, org.id, module, { name, ...options }), author.token, 2, 2);
      const mine = (query = '?paginate=false') => server.api.get(`/tenants/${org.id}/knowledgechecks/mine${query}`, { token: me.token });
      const path = (id: string, rest = '') => `/tenants/${org.id}/knowledgechecks/${id}${rest}`;
      const assign = (id: string, due: string | null) =>
        server.api.post(path(id, '/assignments'), { tenant_user_ids: [me.membershipId], due_date_time: due }, { token: author.token });

      const alpha = await check(seen, 'Alpha');
      const bravo = await check(seen, 'Bravo');
      const charlie = await check(seen, 'Charlie');
      const delta = await check(seen, 'Delta');
      const echo = await check(seen, 'Echo');
      await check(hidden, 'Hidden from her');
      await check(seen, 'Switched off', { active: false });
      await check(seen, 'Archived away', { archived: true });
      const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      expect((await assign(bravo, inAWeek)).status).toBe(201);
      expect((await assign(charlie, tomorrow)).status).toBe(201);
      expect((await assign(delta, null)).status).toBe(201);
      // Delta's assigned response begun: still assigned to her, now in progress.
      const deltaResponse = (await server.api.get(path(delta, '/responses'), { token: me.token })).body.data[0].id;
      expect((await put(server, path(delta, `/responses/${deltaResponse}/start`), {}, me.token)).status).toBe(200);
      // Echo taken once, to the end.
      const taken = (await server.api.post(path(echo, '/responses'), {}, { token: me.token })).body.data;
      for (const question of taken.questions) {
        const choice = question.choices[0].id;
        expect(
          (await server.api.post(path(echo, `/responses/${taken.id}/questions/${question.id}`), { choice_ids: [choice] }, { token: me.token })).status,
        ).toBe(200);
      }
      const done = (await put(server, path(echo, `/responses/${taken.id}/complete`), {}, me.token)).body.data;

      const listed = await mine();
      expect(listed.status).toBe(200);
      const rows = listed.body.data as {
        id: string;
        name: string;
        status: string;
        assigned: boolean;
        due_date_time: string | null;
        last_completed_date_time: string;
      }[];
      expect(rows.map((row) => row.name)).toEqual(['Charlie', 'Bravo', 'Delta', 'Alpha', 'Echo']);
      const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
      expect(byName.Charlie).toMatchObject({ id: charlie, status: 'assigned', assigned: true, module: { id: seen, name: 'Seen module' }, topic: null });
      expect(Date.parse(byName.Charlie.due_date_time as string)).toBe(Date.parse(tomorrow));
      expect(byName.Delta).toMatchObject({ status: 'in-progress', assigned: true, due_date_time: null, response_id: deltaResponse });
      expect(byName.Alpha).toMatchObject({ id: alpha, status: 'not-started', assigned: false, due_date_time: null, response_id: null, last_score: null });
      expect(byName.Echo).toMatchObject({ status: 'completed', assigned: false, last_score: done.score });
      expect(Date.parse(byName.Echo.last_completed_date_time)).toBe(Date.parse(done.completed_date_time));

      // By name, a search, a page of two.
      expect((await mine('?paginate=false&order=name')).body.data.map((row: { name: string }) => row.name)).toEqual([
        'Alpha',
        'Bravo',
        'Charlie',
        'Delta',
        'Echo',
      ]);
      expect((await mine('?search=ECH')).body.data.map((row: { name: string }) => row.name)).toEqual(['Echo']);
      const second = await mine('?per_page=2&page=2');
      expect(second.body.data.map((row: { name: string }) => row.name)).toEqual(['Delta', 'Alpha']);
      expect(second.body.meta).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5, order: 'due', desc: false });
      expect((await mine('?order=due&desc=maybe')).status).toBe(422);

      // An author takes every check of live content, the switched-off one too.
      const authors = (await server.api.get(`/tenants/${org.id}/knowledgechecks/mine?paginate=false&order=name`, { token: author.token })).body.data;
      expect(authors.map((row: { name: string }) => row.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Hidden from her', 'Switched off']);
    });
  });

  describe('assignments', () => {
    it('assigning members and groups creates assigned responses with the due date, emails each assignee once, and lists them', async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 3, 2);
      const group = await insertGroup(server, tenant.id, { name: 'Night shift' });
      const grouped = await person(server, { tenantId: tenant.id, role: 'user', name: 'Gina Grouped' });
      await relate(server, group, grouped.membershipId as string);
      await relate(server, group, learner.membershipId as string);
      await server.app.knex('module_groups').insert({ module_id: moduleId, group_id: group, created_at: new Date() });
      const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
      await jobsSettled(server);
      const before = readOutbox(context.dataDir).length;

      const created = await server.api.post(
        kc(id, '/assignments'),
        { tenant_user_ids: [learner.membershipId], group_ids: [group], due_date_time: due },
        { token: admin.token },
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toHaveLength(2);
      const direct = created.body.data.find((entry: { tenant_user: unknown }) => entry.tenant_user !== null);
      const byGroup = created.body.data.find((entry: { group: unknown }) => entry.group !== null);
      expect(direct.tenant_user).toMatchObject({ id: learner.membershipId, name: 'Lena Learner' });
      expect(direct.assignees).toEqual([expect.objectContaining({ tenant_user_id: learner.membershipId, status: 'assigned', score: null })]);
      expect(byGroup.group).toEqual({ id: group, name: 'Night shift' });
      // The learner is reached twice (directly and through the group) but gets one response and one email.
      expect(byGroup.assignees.map((entry: { name: string }) => entry.name)).toEqual(['Gina Grouped']);
      await jobsSettled(server);
      const mails = readOutbox(context.dataDir).slice(before);
      expect(mails.map((mail) => mail.to).sort()).toEqual([grouped.user.email, learner.user.email].sort());
      expect(mails[0]?.subject).toContain('Knowledge check assigned');
      expect(mails[0]?.links[0]).toContain(`/knowledgecheck/${id}`);

      const mine = await get(kc(id, '/responses'), learner.token);
      expect(mine.body.data).toHaveLength(1);
      expect(mine.body.data[0]).toMatchObject({ status: 'assigned', started_at: null });
      expect(Date.parse(mine.body.data[0].due_date_time)).toBe(Date.parse(due));
      const assignedId = mine.body.data[0].id;
      const assigned = await get(kc(id, `/responses/${assignedId}`), learner.token);
      expect(assigned.body.data.questions).toEqual([]);
      const early = await server.api.post(kc(id, `/responses/${assignedId}/questions/${assignedId}`), { choice_ids: [assignedId] }, { token: learner.token });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('response_not_started');

      const started = await put(server, kc(id, `/responses/${assignedId}/start`), {}, learner.token);
      expect(started.status).toBe(200);
      expect(started.body.data).toMatchObject({ status: 'in-progress' });
      expect(started.body.data.questions).toHaveLength(2);
      expect(carriesKey(started.body)).toBe(false);
      expect((await put(server, kc(id, `/responses/${assignedId}/start`), {}, learner.token)).body.code).toBe('response_not_assigned');
      // POST continues the started one.
      expect((await start(id)).body.data.id).toBe(assignedId);

      const list = await get(kc(id, '/assignments'), admin.token);
      expect(list.body.data).toHaveLength(2);
      const startedDelete = await del(server, kc(id, `/assignments/${direct.id}`), admin.token);
      expect(startedDelete.status).toBe(409);
      expect(startedDelete.body.code).toBe('assignment_started');
      expect((await del(server, kc(id, `/assignments/${byGroup.id}`), admin.token)).status).toBe(204);
      expect((await get(kc(id, '/responses'), grouped.token)).body.data).toEqual([]);
      expect((await get(kc(id, '/assignments'), admin.token)).body.data).toHaveLength(1);
      expect((await del(server, kc(id, `/assignments/${byGroup.id}`), admin.token)).status).toBe(404);
    });

    it("an admin, who may not list the organization's people, finds the assignable members and groups by name or email", async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 1, 1);
      const group = await insertGroup(server, tenant.id, { name: 'Quarry crew' });
      const quarry = await person(server, { tenantId: tenant.id, role: 'user', name: 'Quincy Quarry' });
      const invited = await person(server, { tenantId: tenant.id, role: 'user', name: 'Quentin Invited' });
      await server.app.knex('tenant_users').where('id', invited.membershipId).update({ invited_at: new Date() });
      expect((await get(`/tenants/${tenant.id}/tenant-users`, admin.token)).status).toBe(403);

      const found = await get(kc(id, '/assignable?search=qu'), admin.token);
      expect(found.status).toBe(200);
      expect(found.body.data.members).toEqual([{ id: quarry.membershipId, name: 'Quincy Quarry', email: quarry.user.email }]);
      expect(found.body.data.groups).toEqual([{ id: group, name: 'Quarry crew' }]);
      const byEmail = await get(kc(id, `/assignable?search=${encodeURIComponent(quarry.user.email)}`), admin.token);
      expect(byEmail.body.data.members.map((member: { id: string }) => member.id)).toEqual([quarry.membershipId]);
      expect((await get(kc(id, '/assignable'), learner.token)).status).toBe(403);
    });

    it('assigning needs someone, known members and groups, and a future due date', async () => {
      const id = await checkWithBank(server, tenant.id, await freshComponent(), admin.token, 1, 1);
      const outsider = await person(server, { tenantId: other.id, role: 'user' });
      const post = (body: unknown) => server.api.post(kc(id, '/assignments'), body, { token: admin.token });
      expect((await post({})).body.errors).toEqual({ tenant_user_ids: [kcMessages.assignSomeone] });
      expect((await post({ tenant_user_ids: [outsider.membershipId] })).body.errors).toEqual({ tenant_user_ids: [messages.selected('tenant_user_ids')] });
      expect((await post({ tenant_user_ids: [learner.membershipId], due_date_time: '2001-01-01T00:00:00Z' })).body.errors).toEqual({
        due_date_time: [kcMessages.dueInFuture],
      });
      expect((await server.api.post(kc(id, '/assignments'), { tenant_user_ids: [learner.membershipId] }, { token: learner.token })).status).toBe(403);
      // A learner who cannot open the check is refused by name, and reached through a group is left out (no response, no mail).
      const stranger = await person(server, { tenantId: tenant.id, role: 'user', name: 'Sam Stranger' });
      expect((await post({ tenant_user_ids: [stranger.membershipId] })).body.errors).toEqual({ tenant_user_ids: [kcMessages.assigneeCannotSee] });
      const group = await insertGroup(server, tenant.id);
      await relate(server, group, stranger.membershipId as string);
      await jobsSettled(server);
      const before = readOutbox(context.dataDir).length;
      const viaGroup = await post({ group_ids: [group] });
      expect(viaGroup.status).toBe(201);
      expect(viaGroup.body.data[0].assignees).toEqual([]);
      await jobsSettled(server);
      expect(readOutbox(context.dataDir).length).toBe(before);
    });
  });
});
