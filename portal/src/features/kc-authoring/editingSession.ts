/**
 * Which question is being edited on an admin page (spec section 4): one at a time; a new question shows at the end
 * of the list while it is edited and disappears when its edit is cancelled (it was never saved); the component page
 * also remembers the tab the edit started from, where finishing or cancelling returns (spec section 2).
 */
import { draftOf, newQuestion, type QuestionDraft, type SavedQuestion } from './questionDraft';

export interface Editing<Tab extends string = string> {
  draft: QuestionDraft;
  /** True for a question not saved yet (cancel removes it). */
  isNew: boolean;
  /** The tab the edit started from (the component page); finishing or cancelling returns there. */
  from: Tab;
}

/** Starts editing a saved question, or a new one (null); refused (answers `current`) while another is edited. */
export function startEditing<Tab extends string>(current: Editing<Tab> | null, question: SavedQuestion | null, from: Tab): Editing<Tab> | null {
  if (current) return current;
  return question ? { draft: draftOf(question), isNew: false, from } : { draft: newQuestion(), isNew: true, from };
}

/** A row of the numbered question list: a saved question, or the new one being written (at the end). */
export type ListedQuestion<Q extends SavedQuestion> = { kind: 'saved'; question: Q } | { kind: 'new'; draft: QuestionDraft };

export function listedQuestions<Q extends SavedQuestion>(saved: readonly Q[], editing: Editing | null): ListedQuestion<Q>[] {
  const rows: ListedQuestion<Q>[] = saved.map((question) => ({ kind: 'saved', question }));
  if (editing?.isNew) rows.push({ kind: 'new', draft: editing.draft });
  return rows;
}

/** The question ids with one moved a place up or down, numbered from 1 (PUT …/questions/order). */
export function reorderedQuestions(ids: readonly string[], id: string, direction: 'up' | 'down'): { id: string; order: number }[] | null {
  const index = ids.indexOf(id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next.map((questionId, position) => ({ id: questionId, order: position + 1 }));
}
