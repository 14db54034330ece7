/** The validate(form) route step: 422 with every failing field's message, or the form's typed output for inputOf. */
import type { AddressInfo } from 'node:net';
import Koa, { type Context } from 'koa';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { flag, form, forms, messages, present, querySwitch, sent, text } from '@tessera/sdk/rules';
import { errorMiddleware, requestContext } from '../src/http/error-middleware.js';
import { jsonBody } from '../src/http/input.js';
import { Routes, apiRouter } from '../src/http/router.js';
import { inputOf, validate } from '../src/http/validate.js';
import { createLogger } from '../src/logger.js';
import { assertSchema } from './support/contract.js';

const ID = '0190F5D2-6B1E-7C3A-9D4E-5F6A7B8C9D0E';
const listQuery = form({ search: present(text('search')), short: sent(flag('short')) });
const switches = form({ short: querySwitch(), 'show-hidden': querySwitch() });

describe('validate(form)', () => {
  let server: ReturnType<Koa['listen']>;
  let base: string;
  const seen: unknown[] = [];

  beforeAll(() => {
    const routes = new Routes();
    routes.patch('/topics', validate(forms.topicUpdate), async (ctx: Context) => {
      const input = inputOf(ctx, forms.topicUpdate);
      expectTypeOf(input.name).toEqualTypeOf<string | undefined>();
      expectTypeOf(input.is_active).toEqualTypeOf<boolean | undefined>();
      expectTypeOf(input.order).toEqualTypeOf<number | undefined>();
      seen.push(input);
      ctx.body = { data: input };
    });
    routes.post('/relations', validate(forms.memberGroups), async (ctx: Context) => {
      const input = inputOf(ctx, forms.memberGroups);
      expectTypeOf(input.groups).toEqualTypeOf<string[]>();
      ctx.body = { data: input };
    });
    routes.post('/both', validate(listQuery, 'query'), validate(forms.topic), async (ctx: Context) => {
      ctx.body = { data: { query: inputOf(ctx, listQuery), body: inputOf(ctx, forms.topic) } };
    });
    routes.get('/modules', validate(switches, 'query'), async (ctx: Context) => {
      const input = inputOf(ctx, switches);
      expectTypeOf(input.short).toEqualTypeOf<boolean>();
      ctx.body = { data: input };
    });
    routes.post('/undeclared', async (ctx: Context) => {
      ctx.body = { data: inputOf(ctx, forms.topic) };
    });
    const app = new Koa();
    app.use(requestContext(createLogger({ logLevel: 'silent' })).middleware);
    app.use(errorMiddleware());
    app.use(jsonBody(10_000));
    app.use(apiRouter('', [routes]));
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it('hands the handler the parsed input: trimmed text, booleans from flags, numbers, undefined for what was not sent', async () => {
    const response = await send('PATCH', '/topics', { name: '  Safety  ', is_active: '0', is_deleted: null, order: '3', other: 'ignored' });
    expect(response).toEqual({ status: 200, body: { data: { name: 'Safety', is_active: false, order: 3 } } });
    expect(seen.at(-1)).toEqual({ name: 'Safety', is_active: false, is_deleted: undefined, order: 3 });
  });

  it('lower-cases ids and drops duplicates', async () => {
    const response = await send('POST', '/relations', { groups: [ID, ID.toLowerCase()] });
    expect(response.body).toEqual({ data: { groups: [ID.toLowerCase()] } });
  });

  it('answers 422 with every failing field and its message, before the handler runs', async () => {
    const count = seen.length;
    const response = await send('PATCH', '/topics', { name: ' ', description: 42, is_active: 'yes', order: -1 });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      message: 'The given data was invalid.',
      errors: {
        name: [messages.required('name')],
        description: [messages.string('description')],
        is_active: ['The is active field must be true or false.'],
        order: ['The order must be at least 0.'],
      },
    });
    assertSchema('Error', response.body);
    expect(seen.length).toBe(count);
  });

  it('refuses a body that is not an object (400) before any form reads it: an array would read as no fields', async () => {
    const response = await send('POST', '/relations', [ID]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'bad_request', message: 'Send the body as a JSON object.' });
  });

  it('parses the query string with validate(form, "query"), a repeated name by its first value', async () => {
    const ok = await send('POST', '/both?search=%20night%20&short=1&short=0', { name: 'Topic', description: 'About it' });
    expect(ok.body).toEqual({ data: { query: { search: 'night', short: true }, body: { name: 'Topic', description: 'About it' } } });
    const refused = await send('POST', '/both?short=maybe', {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ short: ['The short field must be true or false.'] });
  });

  it("reads a list's switches leniently (anything but a true flag is false)", async () => {
    const response = await send('GET', '/modules?short=true&show-hidden=maybe');
    expect(response).toEqual({ status: 200, body: { data: { short: true, 'show-hidden': false } } });
  });

  it('treats inputOf without the route step as a programming error (500)', async () => {
    const response = await send('POST', '/undeclared', { name: 'Topic', description: 'About it' });
    expect(response.status).toBe(500);
  });
});
