import { KC_DEFAULT_NUMBER_QUESTIONS, kcMessages } from '@tessera/sdk/rules';
import { Markdown } from '@tessera/widgets';
import { Alert, Button, Heading, TextField } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { whileSaving } from '../../api/call';
import type { ApiOutcome } from '../../api/outcome';
import { failureErrors, OTHER } from '../../forms/formState';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { MarkdownField } from '../items-editor/MarkdownField';
import { MEDIA_TYPE_NAMES } from '../media/mediaFile';
import type { KcQuestion } from './kcCalls';
import { QUESTION_TYPE_LABELS } from './questionDraft';

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3' });

export interface InstructionsSectionProps {
  instructions: string;
  /** Saves the instructions (creating the check when it has none yet: spec section 4). */
  save(instructions: string): Promise<ApiOutcome<unknown>>;
}

/** Instructions (Markdown) with edit, cancel and save (spec section 2). */
export function InstructionsSection({ instructions, save }: InstructionsSectionProps) {
  const headingId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isSaving, setSaving] = useState(false);

  async function submit(text: string) {
    setSaving(true);
    const outcome = await whileSaving(() => save(text));
    setSaving(false);
    if (outcome.ok) {
      setEditing(null);
      setErrors({});
      return;
    }
    setErrors(failureErrors(outcome, ['instructions']));
  }

  return (
    <Section aria-labelledby={headingId}>
      <Row justify="between">
        <Heading level={2} id={headingId}>
          Instructions
        </Heading>
        {editing === null ? (
          <Button variant="secondary" aria-label="Edit Instructions" onPress={() => setEditing(instructions)}>
            Edit
          </Button>
        ) : null}
      </Row>
      {editing === null ? (
        instructions.trim() ? (
          <Markdown text={instructions} />
        ) : (
          <Text tone="muted">No instructions yet.</Text>
        )
      ) : (
        <>
          <MarkdownField
            label="Instructions"
            value={editing}
            errors={errors.instructions ?? []}
            isDisabled={isSaving}
            onChange={(text) => {
              setEditing(text);
              setErrors({});
            }}
          />
          <FormFailure messages={errors[OTHER] ?? []} />
          <Row justify="end">
            <Button
              variant="secondary"
              isDisabled={isSaving}
              onPress={() => {
                setEditing(null);
                setErrors({});
              }}
            >
              Cancel
            </Button>
            <Button isPending={isSaving} onPress={() => void submit(editing)}>
              Save Instructions
            </Button>
          </Row>
        </>
      )}
    </Section>
  );
}

const Choices = styled('ul', { margin: 0, paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$1' });
const AnswerMark = styled('strong', { color: '$success' });

/** A saved question as the lists show it: its text, type, media and choices, the answers marked in words too. */
export function QuestionSummary({ question }: { question: KcQuestion }) {
  return (
    <Stack css={{ gap: '$2' }}>
      <Markdown text={question.text} />
      <Text tone="muted">
        {QUESTION_TYPE_LABELS[question.type]}
        {question.media ? ` · ${MEDIA_TYPE_NAMES[question.media.type]}: ${question.media.name}` : ''}
      </Text>
      <Choices>
        {question.choices.map((choice) => (
          <li key={choice.id}>
            {choice.label}
            {choice.media ? ` (${MEDIA_TYPE_NAMES[choice.media.type]}: ${choice.media.name})` : ''}
            {choice.is_answer ? <AnswerMark> ✓ answer</AnswerMark> : null}
          </li>
        ))}
      </Choices>
    </Stack>
  );
}

/** Spec section 9: the print sample's default number of questions. */
const DEFAULT_PRINT_NUMBER = KC_DEFAULT_NUMBER_QUESTIONS;

/** A positive whole number typed in a field, or null. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/**
 * The print-sample dialog (spec section 2): 'Create Knowledge Check' asks 'Number of Questions' (default 10) and
 * leads to the print route; without a number, the alert 'select number'.
 */
export function PrintControl({ printPath }: { printPath(number: number): string }) {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [number, setNumber] = useState(String(DEFAULT_PRINT_NUMBER));
  const [missing, setMissing] = useState(false);
  const close = () => {
    setOpen(false);
    setMissing(false);
  };
  const go = () => {
    const value = wholeNumber(number);
    if (value === null) {
      setMissing(true);
      return;
    }
    close();
    navigate(printPath(value));
  };
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        Print
      </Button>
      <ModalDialog title="Create Knowledge Check" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && close()}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            go();
          }}
        >
          <Stack>
            <TextField
              label="Number of Questions"
              name="number"
              value={number}
              autoFocus
              onChange={(value) => {
                setNumber(value);
                setMissing(false);
              }}
            />
            {missing ? <Alert tone="error">{kcMessages.selectNumber}</Alert> : null}
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                Cancel
              </Button>
              <Button type="submit">Create</Button>
            </DialogActions>
          </Stack>
        </form>
      </ModalDialog>
    </>
  );
}
