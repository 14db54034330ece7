import { TextField } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId, type KeyboardEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { GridList, GridListItem } from 'react-aria-components/GridList';
import { useDragAndDrop } from 'react-aria-components/useDragAndDrop';
import { RowActions, RowButton } from '../../ui/RowButton';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { MediaChooser } from './MediaChooser';
import { canMoveChoice, dropChoices, markAnswer, moveChoice, removeChoice, updateChoice, type DraftChoice, type QuestionDraft } from './questionDraft';

const List = styled(GridList, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  padding: 0,
  margin: 0,
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
  '& .react-aria-DropIndicator[data-drop-target]': { outline: '2px solid $colors$primary' },
});

const Item = styled(GridListItem, {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$surface',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
  '&[data-dragging]': { opacity: 0.5 },
});

const DragHandle = styled(AriaButton, {
  minWidth: '32px',
  minHeight: '32px',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$surfaceMuted',
  cursor: 'grab',
  fontSize: '$3',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Fields = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', flex: 1, minWidth: 0 });

const Answer = styled('label', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$2',
  fontWeight: '$medium',
  cursor: 'pointer',
  '& input': { width: '18px', height: '18px', margin: 0, accentColor: 'var(--tessera-colors-primary)' },
  '& input:focus-visible': { outline: '3px solid var(--tessera-colors-focus)', outlineOffset: '2px' },
});

/**
 * Keys typed in a choice's own controls are theirs: the list's row navigation and drag start (arrows, Space,
 * Enter, letters) must not take them. Tab still moves between the controls and out (keyboardNavigationBehavior tab).
 */
function keepKeys(event: KeyboardEvent) {
  if (event.key !== 'Tab') event.stopPropagation();
}

export interface ChoicesListProps {
  tenantId: string;
  draft: QuestionDraft;
  onChange(draft: QuestionDraft): void;
  /** Messages of one choice's fields ("choices.1.label"), by the choice's index. */
  choiceErrors(index: number): string[];
  isDisabled: boolean;
}

/**
 * The choices of a question (spec section 2): label, answer mark and optional media, sorted by drag and drop
 * (react-aria's GridList: with a mouse, or with the keyboard and screen readers from each choice's drag handle)
 * and by the move up / move down buttons, the non-drag path of WCAG 2.2 SC 2.5.7.
 */
export function ChoicesList({ tenantId, draft, onChange, choiceErrors, isDisabled }: ChoicesListProps) {
  const group = useId();
  const { dragAndDropHooks } = useDragAndDrop<DraftChoice>({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': draft.choices.find((choice) => choice.key === key)?.label ?? '' })),
    onReorder: (event) => {
      if (event.target.dropPosition === 'on') return;
      onChange(dropChoices(draft, new Set([...event.keys].map(String)), String(event.target.key), event.target.dropPosition));
    },
    isDisabled,
  });

  return (
    <List
      aria-label="Choices"
      items={draft.choices}
      dependencies={[draft.type, isDisabled, choiceErrors]}
      dragAndDropHooks={dragAndDropHooks}
      keyboardNavigationBehavior="tab"
      disallowTypeAhead
    >
      {(item) => {
        const choice = item as DraftChoice;
        const index = draft.choices.indexOf(choice);
        const name = `choice ${index + 1}`;
        const errors = choiceErrors(index);
        return (
          <Item id={choice.key} textValue={`Choice ${index + 1}: ${choice.label}${choice.is_answer ? ' (answer)' : ''}`}>
            <DragHandle slot="drag" aria-label={`Drag ${name}`}>
              <span aria-hidden="true">⠿</span>
            </DragHandle>
            <Fields onKeyDown={keepKeys}>
              <TextField
                label={`Choice ${index + 1}`}
                name={`choices.${index}.label`}
                value={choice.label}
                errors={errors}
                isDisabled={isDisabled}
                onChange={(label) => onChange(updateChoice(draft, choice.key, { label }))}
              />
              <Answer>
                <input
                  type={draft.type}
                  name={draft.type === 'radio' ? `${group}-answer` : undefined}
                  checked={choice.is_answer}
                  disabled={isDisabled}
                  onChange={(event) => onChange(markAnswer(draft, choice.key, event.currentTarget.checked))}
                />
                Answer<VisuallyHidden> for choice {index + 1}</VisuallyHidden>
              </Answer>
              <MediaChooser
                tenantId={tenantId}
                owner={name}
                value={choice.media}
                isDisabled={isDisabled}
                onChange={(media) => onChange(updateChoice(draft, choice.key, { media }))}
              />
              <RowActions>
                <RowButton
                  aria-label={`Move ${name} up`}
                  isDisabled={isDisabled || !canMoveChoice(draft, choice.key, 'up')}
                  onPress={() => onChange(moveChoice(draft, choice.key, 'up'))}
                >
                  ▲ Up
                </RowButton>
                <RowButton
                  aria-label={`Move ${name} down`}
                  isDisabled={isDisabled || !canMoveChoice(draft, choice.key, 'down')}
                  onPress={() => onChange(moveChoice(draft, choice.key, 'down'))}
                >
                  ▼ Down
                </RowButton>
                <RowButton aria-label={`Remove ${name}`} tone="danger" isDisabled={isDisabled} onPress={() => onChange(removeChoice(draft, choice.key))}>
                  Remove
                </RowButton>
              </RowActions>
            </Fields>
          </Item>
        );
      }}
    </List>
  );
}
