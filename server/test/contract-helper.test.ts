/** The contract checker itself must reject what breaks the contract, or every API test would pass vacuously. */
import { describe, expect, it } from 'vitest';
import { assertContract } from './support/contract.js';

describe('assertContract', () => {
  it('accepts a documented answer that matches its schema', () => {
    expect(() => assertContract('GET', '/version', 200, { data: { version: '1.0.0' } })).not.toThrow();
  });

  it('rejects a body that breaks the schema', () => {
    expect(() => assertContract('GET', '/version', 200, { version: '1.0.0' })).toThrow(/breaks the contract/);
    expect(() => assertContract('POST', '/sign-up', 422, { message: 'x' })).toThrow(/code/);
  });

  it('rejects a status the operation does not document', () => {
    expect(() => assertContract('GET', '/version', 418, { message: 'x', code: 'teapot' })).toThrow(/does not document/);
  });

  it('rejects a body on an answer documented without one', () => {
    expect(() => assertContract('POST', '/token', 204, { message: 'x' })).toThrow(/no body/);
  });

  it('lets undocumented paths answer errors only, as Error bodies', () => {
    expect(() => assertContract('GET', '/nope', 404, { message: 'Not found.', code: 'not_found' })).not.toThrow();
    expect(() => assertContract('GET', '/nope', 404, { error: 'x' })).toThrow();
    expect(() => assertContract('GET', '/nope', 200, {})).toThrow(/not in the contract/);
  });
});
