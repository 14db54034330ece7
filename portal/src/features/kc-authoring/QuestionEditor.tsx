import { hasErrors, type FieldErrors } from '@tessera/sdk/rules';
import { Button, Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId, useState } from 'react';
import { whileSaving } from '../../api/call';
import { useApiMutation } from '../../api/queries';
import type { ApiOutcome } from '../../api/outcome';
import { CHECK_QUERIES } from './kcCalls';
import { failureErrors, OTHER } from '../../forms/formState';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack } from '../../ui/Page';
import { Select } from '../../ui/Select';
import { MarkdownField } from '../items-editor/MarkdownField';
import { ChoicesList } from './ChoicesList';
import { MediaChooser } from './MediaChooser';
import { addChoice, changeType, QUESTION_TYPE_LABELS, questionBody, type QuestionDraft, type QuestionType } from './questionDraft';
import { questionErrors } from './questionRules';

const Frame = styled('section', { display: 'flex', flexDirection: 'column', gap: '$4', padding: '$4', border: '2px solid $primary', borderRadius: '$lg' });
const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });
const FieldLabel = styled('span', { fontSize: '$2', fontWeight: '$medium' });

const TYPE_OPTIONS = (['checkbox', 'radio'] as const).map((type) => ({ id: type, label: QUESTION_TYPE_LABELS[type] }));

/** The fields the editor shows; a 422 on any other goes to the form-failure alert. */
const CHOICE_FIELD = /^choices\.(\d+)\.(label|is_answer|media_id|id)$/;

/** A question's messages by where they show: text, media, the choices as a whole, each choice, the rest. */
function placeQuestionErrors(errors: FieldErrors) {
  const placed = { text: [] as string[], media: [] as string[], choices: [] as string[], choice: new Map<number, string[]>(), other: [] as string[] };
  for (const [field, messages] of Object.entries(errors)) {
    const choice = CHOICE_FIELD.exec(field);
    if (field === 'text') placed.text.push(...messages);
    else if (field === 'media_id') placed.media.push(...messages);
    else if (field === 'choices' || field === 'type') placed.choices.push(...messages);
    else if (choice) placed.choice.set(Number(choice[1]), [...(placed.choice.get(Number(choice[1])) ?? []), ...messages]);
    else placed.other.push(...messages);
  }
  return placed;
}

export interface QuestionEditorProps<T> {
  tenantId: string;
  /** The question as it starts (a new one, or a saved one's draft); the editor keeps its own edits. */
  initial: QuestionDraft;
  /** "New question", "Edit question 3". */
  title: string;
  /** Sends the question (POST or PUT …/questions): its 422 comes back under the fields. */
  save(body: ReturnType<typeof questionBody>): Promise<ApiOutcome<T>>;
  onSaved(saved: T): void;
  /** Cancel: a new question is removed, a saved one is left as it was. */
  onCancel(): void;
  /** Shown without a server (Storybook): errors to start with. */
  initialErrors?: FieldErrors;
}

/**
 * The question editor (spec section 2): Markdown text, optional media, the type (Multiple Choice or Single Choice),
 * the choices, and save with the SDK's rules (the server's messages, checked before sending) and the server's 422s
 * under their fields.
 */
export function QuestionEditor<T>({ tenantId, initial, title, save, onSaved, onCancel, initialErrors = {} }: QuestionEditorProps<T>) {
  const headingId = useId();
  const choicesId = useId();
  // A check's write: its success invalidates the checks and the reports they feed.
  const { run: send } = useApiMutation(save, CHECK_QUERIES);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [isSaving, setSaving] = useState(false);
  const placed = placeQuestionErrors(errors);

  const edit = (next: QuestionDraft, fields: string[]) => {
    setDraft(next);
    if (hasErrors(errors))
      setErrors(
        Object.fromEntries(
          Object.entries(errors).filter(([field]) => !fields.some((prefix) => field === prefix || field.startsWith(`${prefix}.`)) && field !== OTHER),
        ),
      );
  };

  async function submit() {
    if (isSaving) return;
    const body = questionBody(draft);
    const invalid = questionErrors(body);
    if (hasErrors(invalid)) {
      setErrors(invalid);
      return;
    }
    setSaving(true);
    const outcome = await whileSaving(() => send(body));
    setSaving(false);
    if (outcome.ok) {
      onSaved(outcome.data);
      return;
    }
    const failed = failureErrors(outcome, [
      'text',
      'type',
      'media_id',
      'choices',
      ...body.choices.flatMap((_, index) => [`choices.${index}.label`, `choices.${index}.is_answer`, `choices.${index}.media_id`]),
    ]);
    setErrors(failed);
  }

  return (
    <Frame aria-labelledby={headingId}>
      <Heading level={3} id={headingId}>
        {title}
      </Heading>
      <MarkdownField label="Question" value={draft.text} errors={placed.text} isDisabled={isSaving} onChange={(text) => edit({ ...draft, text }, ['text'])} />
      <Stack css={{ gap: '$1' }}>
        <FieldLabel>Question media (optional)</FieldLabel>
        <MediaChooser
          tenantId={tenantId}
          owner="the question"
          value={draft.media}
          errors={placed.media}
          isDisabled={isSaving}
          onChange={(media) => edit({ ...draft, media }, ['media_id'])}
        />
      </Stack>
      <Select
        label="Type"
        name="type"
        options={TYPE_OPTIONS}
        value={draft.type}
        isDisabled={isSaving}
        onChange={(type) => edit(changeType(draft, type as QuestionType), ['type', 'choices'])}
      />
      <Stack css={{ gap: '$2' }} role="group" aria-labelledby={choicesId} aria-describedby={placed.choices.length ? `${choicesId}-errors` : undefined}>
        <FieldLabel id={choicesId}>Choices</FieldLabel>
        <ChoicesList
          tenantId={tenantId}
          draft={draft}
          isDisabled={isSaving}
          choiceErrors={(index) => placed.choice.get(index) ?? []}
          onChange={(next) => edit(next, ['choices'])}
        />
        {placed.choices.length > 0 ? (
          <Errors id={`${choicesId}-errors`}>
            {placed.choices.map((message) => (
              <span key={message}>{message}</span>
            ))}
          </Errors>
        ) : null}
        <Row>
          <Button variant="secondary" isDisabled={isSaving} onPress={() => edit(addChoice(draft), ['choices'])}>
            + add choice
          </Button>
        </Row>
      </Stack>
      <FormFailure messages={placed.other} />
      <Row justify="end">
        <Button variant="secondary" isDisabled={isSaving} onPress={onCancel}>
          Cancel
        </Button>
        <Button isPending={isSaving} isDisabled={hasErrors(errors)} onPress={() => void submit()}>
          Save Question
        </Button>
      </Row>
    </Frame>
  );
}
