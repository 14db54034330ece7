import { describe, expect, it } from 'vitest';
import { plainText } from '../../lib/plainText';
import { QUESTION_PAGE_SIZE, questionPage } from './questionTable';

const questions = Array.from({ length: 120 }, (_, index) => ({ id: `q-${index}`, text: `**Question** ${120 - index}` }));

describe('question bank table', () => {
  it('pages 50 questions at a time, sorted by their text as read (numbers in order, Markdown ignored)', () => {
    expect(QUESTION_PAGE_SIZE).toBe(50);
    const first = questionPage(questions, 1);
    expect(first.rows).toHaveLength(50);
    expect(first.rows.slice(0, 3).map((row) => plainText(row.text))).toEqual(['Question 1', 'Question 2', 'Question 3']);
    expect(first).toMatchObject({ page: 1, lastPage: 3, total: 120 });
    const last = questionPage(questions, 3);
    expect(last.rows.map((row) => plainText(row.text))).toEqual(Array.from({ length: 20 }, (_, index) => `Question ${101 + index}`));
    // A page past the end (the last question of a page archived) shows the last page.
    expect(questionPage(questions.slice(0, 60), 3).page).toBe(2);
  });

  it('reads a question as one line of plain text', () => {
    expect(plainText('# Ladders\n\nWhich **angle** is [right](https://example.com)?')).toBe('Ladders Which angle is right?');
  });
});
