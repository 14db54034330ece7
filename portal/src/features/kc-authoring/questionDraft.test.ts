import { describe, expect, it } from 'vitest';
import { dueDateTime } from './AssignDialog';
import { listedQuestions, reorderedQuestions, startEditing } from './editingSession';
import {
  addChoice,
  canMoveChoice,
  changeType,
  draftOf,
  dropChoices,
  markAnswer,
  moveChoice,
  newChoiceLabel,
  newQuestion,
  questionBody,
  removeChoice,
  type QuestionDraft,
  type SavedQuestion,
} from './questionDraft';
import { wholeNumber } from './KcParts';

const labels = (draft: QuestionDraft) => draft.choices.map((choice) => choice.label);
const answers = (draft: QuestionDraft) => draft.choices.filter((choice) => choice.is_answer).map((choice) => choice.label);

const SAVED: SavedQuestion = {
  id: 'q-1',
  text: 'Which gases are noble?',
  type: 'checkbox',
  media: null,
  choices: [
    { id: 'c-1', label: 'Neon', is_answer: true, media: null },
    { id: 'c-2', label: 'Argon', is_answer: true, media: null },
    { id: 'c-3', label: 'Oxygen', is_answer: false, media: null },
  ],
};

describe('question editor rules', () => {
  it('starts a new question as single choice with two choices, the first the answer', () => {
    const draft = newQuestion();
    expect(draft.type).toBe('radio');
    expect(labels(draft)).toEqual(['new choice 1', 'new choice 2']);
    expect(answers(draft)).toEqual(['new choice 1']);
    expect(draft.id).toBeUndefined();
  });

  it('clears every answer mark when the type changes, either way', () => {
    const checkbox = draftOf(SAVED);
    const radio = changeType(checkbox, 'radio');
    expect(radio.type).toBe('radio');
    expect(answers(radio)).toEqual([]);
    const marked = markAnswer(radio, 'c-3', true);
    expect(answers(changeType(marked, 'checkbox'))).toEqual([]);
    // Choosing the type it already has changes nothing.
    expect(changeType(checkbox, 'checkbox')).toBe(checkbox);
  });

  it('keeps exactly one answer on a single choice question, several on a multiple choice one', () => {
    let radio = newQuestion();
    const [first, second] = radio.choices;
    radio = markAnswer(radio, second.key, true);
    expect(answers(radio)).toEqual(['new choice 2']);
    expect(radio.choices.find((choice) => choice.key === first.key)?.is_answer).toBe(false);

    let checkbox = changeType(newQuestion(), 'checkbox');
    checkbox = markAnswer(checkbox, checkbox.choices[0].key, true);
    checkbox = markAnswer(checkbox, checkbox.choices[1].key, true);
    expect(answers(checkbox)).toEqual(['new choice 1', 'new choice 2']);
    checkbox = markAnswer(checkbox, checkbox.choices[0].key, false);
    expect(answers(checkbox)).toEqual(['new choice 2']);
  });

  it("names added choices 'new choice N', never twice the same name", () => {
    let draft = addChoice(newQuestion());
    expect(labels(draft)).toEqual(['new choice 1', 'new choice 2', 'new choice 3']);
    expect(answers(draft)).toEqual(['new choice 1']);
    // Remove "new choice 2": three would be next by count, but it is taken, so four.
    draft = removeChoice(draft, draft.choices[1].key);
    draft = addChoice(draft);
    expect(labels(draft)).toEqual(['new choice 1', 'new choice 3', 'new choice 4']);
    expect(newChoiceLabel([{ label: 'Neon' }])).toBe('new choice 2');
  });

  it('moves a choice up and down, not past the ends', () => {
    const draft = draftOf(SAVED);
    expect(labels(moveChoice(draft, 'c-2', 'up'))).toEqual(['Argon', 'Neon', 'Oxygen']);
    expect(labels(moveChoice(draft, 'c-2', 'down'))).toEqual(['Neon', 'Oxygen', 'Argon']);
    expect(canMoveChoice(draft, 'c-1', 'up')).toBe(false);
    expect(canMoveChoice(draft, 'c-3', 'down')).toBe(false);
    expect(moveChoice(draft, 'c-1', 'up')).toBe(draft);
    expect(moveChoice(draft, 'c-3', 'down')).toBe(draft);
  });

  it('drops dragged choices before or after the target', () => {
    const draft = draftOf(SAVED);
    expect(labels(dropChoices(draft, new Set(['c-3']), 'c-1', 'before'))).toEqual(['Oxygen', 'Neon', 'Argon']);
    expect(labels(dropChoices(draft, new Set(['c-1']), 'c-3', 'after'))).toEqual(['Argon', 'Oxygen', 'Neon']);
    expect(dropChoices(draft, new Set(['c-1']), 'c-1', 'after')).toBe(draft);
  });

  it('sends the choices in their order, with the ids of kept ones only', () => {
    const draft = addChoice(moveChoice(draftOf(SAVED), 'c-3', 'up'));
    const body = questionBody(draft);
    expect(body.choices.map((choice) => choice.label)).toEqual(['Neon', 'Oxygen', 'Argon', 'new choice 4']);
    expect(body.choices.map((choice) => ('id' in choice ? choice.id : null))).toEqual(['c-1', 'c-3', 'c-2', null]);
    expect(body).toMatchObject({ type: 'checkbox', media_id: null });
  });
});

describe('editing session', () => {
  it('edits one question at a time', () => {
    const editing = startEditing(null, SAVED, 'all');
    expect(editing?.draft.id).toBe('q-1');
    expect(startEditing(editing, null, 'archived')).toBe(editing);
  });

  it('shows a new question at the end while it is edited, and removes it when cancelled', () => {
    const editing = startEditing(null, null, 'all');
    expect(editing?.isNew).toBe(true);
    const rows = listedQuestions([SAVED], editing);
    expect(rows.map((row) => row.kind)).toEqual(['saved', 'new']);
    // Cancel: nothing is edited any more, and the unsaved question is gone from the list.
    expect(listedQuestions([SAVED], null).map((row) => row.kind)).toEqual(['saved']);
  });

  it('renumbers the order from 1 when a question moves', () => {
    expect(reorderedQuestions(['a', 'b', 'c'], 'c', 'up')).toEqual([
      { id: 'a', order: 1 },
      { id: 'c', order: 2 },
      { id: 'b', order: 3 },
    ]);
    expect(reorderedQuestions(['a', 'b'], 'a', 'up')).toBeNull();
    expect(reorderedQuestions(['a', 'b'], 'b', 'down')).toBeNull();
  });
});

describe('dialog inputs', () => {
  it('reads the print number as a whole number from 1, or none (the select number alert)', () => {
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('0')).toBeNull();
    expect(wholeNumber('2.5')).toBeNull();
    expect(wholeNumber('ten')).toBeNull();
  });

  it('sends the due date typed in local time as an instant, and none when empty', () => {
    expect(dueDateTime('')).toBeNull();
    expect(dueDateTime('2030-05-01T09:30')).toBe(new Date('2030-05-01T09:30').toISOString());
    expect(dueDateTime('not a date')).toBeNull();
  });
});
