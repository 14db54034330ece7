/**
 * The query strings of the API's reads (`queryForms`: rules/queries.ts and each resource's rules file): what a list
 * reads, and the 422 a malformed value gets.
 */
import { describe, expect, it } from 'vitest';
import { parseForm, queryForms } from '../src/rules/index.js';

describe('query forms', () => {
  it('reads a list query: numbers, flags, the search trimmed, per_page at most 100', () => {
    const result = parseForm(queryForms.listMedia, { page: '2', per_page: '500', order: 'name', desc: '1', search: '  cat ', type: 'video' });
    expect(result).toEqual({ success: true, output: { page: 2, per_page: 100, order: 'name', desc: true, search: 'cat', type: 'video' } });
  });

  it('reads nothing sent as the defaults (no search)', () => {
    expect(parseForm(queryForms.listTopics, {})).toEqual({ success: true, output: { search: null, short: false } });
  });

  it('reads an unknown sort key as null (the list sorts by its default), not as an error', () => {
    expect(parseForm(queryForms.listSuggestions, { order: 'bogus' })).toMatchObject({ success: true, output: { order: null } });
  });

  it('answers every malformed value at once, each with its message', () => {
    const result = parseForm(queryForms.listMedia, { page: '0', per_page: 'x', desc: 'maybe', type: 'gif', search: 's'.repeat(256) });
    expect(result).toEqual({
      success: false,
      errors: {
        page: ['The page must be at least 1.'],
        per_page: ['The per page must be an integer.'],
        desc: ['The desc field must be true or false.'],
        search: ['The search may not be greater than 255 characters.'],
        type: ['The selected type is invalid.'],
      },
    });
  });

  it('reads filters of their own: the report user as a search term, ids lower-cased, item analysis attempts', () => {
    expect(parseForm(queryForms.listCompletedKnowledgeCheckResponses, { user: '  Ada ', topic: 'A0B1' })).toMatchObject({
      success: true,
      output: { user: 'Ada', topic: 'a0b1' },
    });
    expect(parseForm(queryForms.getKnowledgeCheckItemAnalysis, { attempts: 'all' })).toEqual({ success: true, output: { attempts: 'all' } });
    expect(parseForm(queryForms.getKnowledgeCheckItemAnalysis, { attempts: 'latest' })).toEqual({
      success: false,
      errors: { attempts: ['The selected attempts is invalid.'] },
    });
  });
});
