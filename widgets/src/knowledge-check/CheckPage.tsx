import { styled } from '../stitches.js';
import { Table } from '../ui/Table.js';
import { Button, Heading } from '../ui/index.js';
import { formatDate, formatScore, knowledgeCheckMessages as text } from './messages.js';
import { KcRoot, Muted, Row } from './parts.js';
import type { KcResponseSummary } from './types.js';

export interface CheckPageProps {
  /** The check's name (its topic's or component's). */
  name: string;
  /** The caller's responses to the check (any order). */
  responses: KcResponseSummary[];
  /** Start: a new response, or the assigned one (`assigned`) through its own call. */
  onStart: (assigned: KcResponseSummary | null) => void;
  /** Continue the response in progress. */
  onContinue: (response: KcResponseSummary) => void;
  /** Open a completed response's review. */
  onOpenReview: (responseId: string) => void;
  /** A start or continue is on its way. */
  isPending?: boolean;
  headingLevel?: 1 | 2 | 3;
}

const RowLink = /* @__PURE__ */ styled('button', {
  padding: 0,
  border: 0,
  background: 'none',
  color: '$link',
  textDecoration: 'underline',
  fontFamily: '$body',
  fontSize: '$2',
  cursor: 'pointer',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus', borderRadius: '$sm' },
});

const newestFirst = (a: KcResponseSummary, b: KcResponseSummary) => (b.completed_date_time ?? '').localeCompare(a.completed_date_time ?? '');

/**
 * The client knowledge check page (spec "Client knowledge check page"): the check's name, `Start Knowledge Check`
 * (with `Due by` and the date for an assigned response that has one), `Continue existing knowledge check` for the
 * response in progress, and the Completed list whose rows open their review.
 */
export function CheckPage({ name, responses, onStart, onContinue, onOpenReview, isPending = false, headingLevel = 2 }: CheckPageProps) {
  const inProgress = responses.find((response) => response.status === 'in-progress') ?? null;
  const assigned = responses.find((response) => response.status === 'assigned') ?? null;
  const completed = responses.filter((response) => response.status === 'completed' && response.id !== null).sort(newestFirst);
  const subLevel = Math.min(headingLevel + 1, 4) as 2 | 3 | 4;
  return (
    <KcRoot data-kc-page="">
      <Heading level={headingLevel}>{name}</Heading>
      <Row>
        {inProgress ? (
          <Button onPress={() => onContinue(inProgress)} isPending={isPending}>
            {text.continue}
          </Button>
        ) : (
          <Button onPress={() => onStart(assigned)} isPending={isPending}>
            {text.start}
          </Button>
        )}
        {!inProgress && assigned?.due_date_time ? (
          <span data-due="">
            {text.dueBy} <time dateTime={assigned.due_date_time}>{formatDate(assigned.due_date_time)}</time>
          </span>
        ) : null}
      </Row>
      <section aria-labelledby="tessera-kc-completed">
        <Heading level={subLevel} id="tessera-kc-completed">
          {text.completed}
        </Heading>
        {completed.length === 0 ? (
          <Muted>{text.neverCompleted}</Muted>
        ) : (
          <Table clickableRows>
            <thead>
              <tr>
                <th scope="col">{text.columns.completedOn}</th>
                <th scope="col">{text.columns.correct}</th>
                <th scope="col">{text.columns.incorrect}</th>
                <th scope="col">{text.columns.score}</th>
              </tr>
            </thead>
            <tbody>
              {completed.map((response) => {
                const open = () => onOpenReview(response.id as string);
                const date = formatDate(response.completed_date_time);
                return (
                  <tr key={response.id} onClick={open}>
                    <td>
                      <RowLink
                        type="button"
                        aria-label={text.openReview(date)}
                        onClick={(event) => {
                          event.stopPropagation();
                          open();
                        }}
                      >
                        {date}
                      </RowLink>
                    </td>
                    <td>{response.correct_answers ?? 0}</td>
                    <td>{response.incorrect_answers ?? 0}</td>
                    <td>{formatScore(response.score)}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </section>
    </KcRoot>
  );
}
