import { plainText } from '../../lib/plainText';

/** Spec section 9: the question bank table is paged on the client, 50 rows a page, sorted by text. */
export const QUESTION_PAGE_SIZE = 50;

/** The short heading of the delete question, naming the question by the start of its text. */
export function deleteHeading(question: { text: string }): string {
  const text = plainText(question.text);
  return `Delete “${text.length > 60 ? `${text.slice(0, 59)}…` : text}”?`;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** One page of the questions sorted by their text, and the paging figures. */
export function questionPage<Q extends { id: string; text: string }>(questions: readonly Q[], page: number) {
  const sorted = [...questions].sort((a, b) => collator.compare(plainText(a.text), plainText(b.text)) || a.id.localeCompare(b.id));
  const lastPage = Math.max(1, Math.ceil(sorted.length / QUESTION_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    rows: sorted.slice((current - 1) * QUESTION_PAGE_SIZE, current * QUESTION_PAGE_SIZE),
    page: current,
    lastPage,
    total: sorted.length,
  };
}
