/**
 * The question editor's rules (spec sections 3, 4 and 9), as pure functions over a draft: a new question, the type
 * change that clears every answer mark, a single choice question's one answer, `new choice N`, moving choices up,
 * down or by drag, and the body a save sends. Validation messages are the SDK's (`forms` of @tessera/sdk/rules),
 * never written here.
 */
import type { MediaType } from '@tessera/sdk';
import { kcMessages } from '@tessera/sdk/rules';

export type QuestionType = 'radio' | 'checkbox';

/** What the editor shows of a chosen media file (a question's or a choice's). */
export interface DraftMedia {
  id: string;
  name: string;
  type: MediaType;
  url: string;
  thumbnail?: { url: string } | null;
}

export interface DraftChoice {
  /** The editor's key of the choice (its id once saved; a local key before). */
  key: string;
  /** The saved choice's id; absent for a choice added in this edit. */
  id?: string;
  label: string;
  is_answer: boolean;
  media: DraftMedia | null;
}

export interface QuestionDraft {
  /** The saved question's id; absent for a new question. */
  id?: string;
  text: string;
  type: QuestionType;
  media: DraftMedia | null;
  choices: DraftChoice[];
}

/** Spec section 2: the type select's words. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = { checkbox: 'Multiple Choice', radio: 'Single Choice' };

let nextKey = 0;
function localKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** The first `new choice N` (N from the number of choices plus one) that no choice of the question is named yet. */
export function newChoiceLabel(choices: readonly Pick<DraftChoice, 'label'>[]): string {
  const taken = new Set(choices.map((choice) => choice.label.trim()));
  let number = choices.length + 1;
  while (taken.has(kcMessages.newChoiceLabel(number))) number += 1;
  return kcMessages.newChoiceLabel(number);
}

/** Spec sections 4 and 9: a new question is a single choice question with two choices, the first the answer. */
export function newQuestion(): QuestionDraft {
  const first: DraftChoice = { key: localKey(), label: kcMessages.newChoiceLabel(1), is_answer: true, media: null };
  const second: DraftChoice = { key: localKey(), label: kcMessages.newChoiceLabel(2), is_answer: false, media: null };
  return { text: '', type: 'radio', media: null, choices: [first, second] };
}

/** A saved question as the editor edits it. */
export interface SavedQuestion {
  id: string;
  text: string;
  type: QuestionType;
  media: DraftMedia | null;
  choices: { id: string; label: string; is_answer?: boolean; media: DraftMedia | null }[];
}

export function draftOf(question: SavedQuestion): QuestionDraft {
  return {
    id: question.id,
    text: question.text,
    type: question.type,
    media: question.media,
    choices: question.choices.map((choice) => ({
      key: choice.id,
      id: choice.id,
      label: choice.label,
      is_answer: choice.is_answer === true,
      media: choice.media,
    })),
  };
}

/** Spec section 4: changing the type clears every answer mark (the author marks the answers again). */
export function changeType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  if (type === draft.type) return draft;
  return { ...draft, type, choices: draft.choices.map((choice) => ({ ...choice, is_answer: false })) };
}

/** Marks or unmarks a choice as an answer; a single choice question keeps exactly the one just marked. */
export function markAnswer(draft: QuestionDraft, key: string, isAnswer: boolean): QuestionDraft {
  const choices = draft.choices.map((choice) => {
    if (choice.key === key) return { ...choice, is_answer: isAnswer };
    if (draft.type === 'radio' && isAnswer) return { ...choice, is_answer: false };
    return choice;
  });
  return { ...draft, choices };
}

/** '+ add choice': a choice at the end, not an answer, named `new choice N`. */
export function addChoice(draft: QuestionDraft): QuestionDraft {
  return { ...draft, choices: [...draft.choices, { key: localKey(), label: newChoiceLabel(draft.choices), is_answer: false, media: null }] };
}

export function removeChoice(draft: QuestionDraft, key: string): QuestionDraft {
  return { ...draft, choices: draft.choices.filter((choice) => choice.key !== key) };
}

export function updateChoice(draft: QuestionDraft, key: string, change: Partial<Pick<DraftChoice, 'label' | 'media'>>): QuestionDraft {
  return { ...draft, choices: draft.choices.map((choice) => (choice.key === key ? { ...choice, ...change } : choice)) };
}

export type Direction = 'up' | 'down';

export function canMoveChoice(draft: QuestionDraft, key: string, direction: Direction): boolean {
  const index = draft.choices.findIndex((choice) => choice.key === key);
  if (index < 0) return false;
  return direction === 'up' ? index > 0 : index < draft.choices.length - 1;
}

/** The move up / move down buttons: the non-drag path (WCAG 2.2 SC 2.5.7). */
export function moveChoice(draft: QuestionDraft, key: string, direction: Direction): QuestionDraft {
  if (!canMoveChoice(draft, key, direction)) return draft;
  const index = draft.choices.findIndex((choice) => choice.key === key);
  const target = direction === 'up' ? index - 1 : index + 1;
  const choices = [...draft.choices];
  [choices[index], choices[target]] = [choices[target], choices[index]];
  return { ...draft, choices };
}

/** A drop of the drag and drop list: the dragged choices go before or after the target, in their order. */
export function dropChoices(draft: QuestionDraft, keys: ReadonlySet<string>, targetKey: string, position: 'before' | 'after'): QuestionDraft {
  if (keys.has(targetKey)) return draft;
  const moving = draft.choices.filter((choice) => keys.has(choice.key));
  const rest = draft.choices.filter((choice) => !keys.has(choice.key));
  const at = rest.findIndex((choice) => choice.key === targetKey);
  if (at < 0 || moving.length === 0) return draft;
  const index = position === 'before' ? at : at + 1;
  return { ...draft, choices: [...rest.slice(0, index), ...moving, ...rest.slice(index)] };
}

/** The body of POST and PUT …/questions: choices in their order (the order is the array's), ids of kept choices. */
export function questionBody(draft: QuestionDraft) {
  return {
    text: draft.text,
    type: draft.type,
    media_id: draft.media?.id ?? null,
    choices: draft.choices.map((choice) => ({
      ...(choice.id ? { id: choice.id } : {}),
      label: choice.label,
      is_answer: choice.is_answer,
      media_id: choice.media?.id ?? null,
    })),
  };
}

export type QuestionBody = ReturnType<typeof questionBody>;
