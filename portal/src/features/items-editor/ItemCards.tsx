import { Button, Checkbox, TextField } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { memo, useId, type Dispatch } from 'react';
import { CHILD_TYPES, type EditorAction, type EditorItem } from './editorState';
import { rowName, TYPE_LABELS } from './itemLabels';
import { MarkdownField } from './MarkdownField';

const Card = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  border: '1px solid $border',
  borderRadius: '$lg',
  backgroundColor: '$surface',
});
const ChildCard = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  padding: '$3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$background',
});
const Header = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
// Titles take focus after a move or a delete (editorFocus): a ring shows where it went.
const Title = styled('h2', {
  margin: 0,
  marginRight: 'auto',
  fontSize: '$3',
  fontWeight: '$bold',
  outline: 'none',
  borderRadius: '$sm',
  '&:focus-visible, &:focus': { boxShadow: '$focus' },
});
const ChildTitle = styled('h3', {
  margin: 0,
  marginRight: 'auto',
  fontSize: '$2',
  fontWeight: '$bold',
  outline: 'none',
  borderRadius: '$sm',
  '&:focus-visible, &:focus': { boxShadow: '$focus' },
});
const Children = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3', paddingLeft: '$4' });
const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });
const MediaName = styled('span', { fontSize: '$2' });

/** What a card needs besides its item: the dispatcher and the page's dialogs. */
export interface ItemCardActions {
  dispatch: Dispatch<EditorAction>;
  /** While saving or fetching, editing buttons are disabled (spec section 4). */
  isBusy: boolean;
  askMove: (item: EditorItem) => void;
  askDelete: (item: EditorItem) => void;
  chooseMedia: (item: EditorItem) => void;
}

/** Where an item stands among its siblings: the first has no move up, the last no move down. */
interface Place {
  isFirst: boolean;
  isLast: boolean;
}

function ItemButtons({ item, place, actions, name }: { item: EditorItem; place: Place; actions: ItemCardActions; name: string }) {
  const { dispatch, isBusy } = actions;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Move ${name} up`}
        data-for={item.id}
        data-action="up"
        isDisabled={isBusy || place.isFirst}
        onPress={() => dispatch({ type: 'moveUp', id: item.id })}
      >
        Up
      </Button>
      <Button
        variant="secondary"
        aria-label={`Move ${name} down`}
        data-for={item.id}
        data-action="down"
        isDisabled={isBusy || place.isLast}
        onPress={() => dispatch({ type: 'moveDown', id: item.id })}
      >
        Down
      </Button>
      <Button variant="secondary" aria-label={`Move ${name} to…`} isDisabled={isBusy} onPress={() => actions.askMove(item)}>
        {/* "Move", as in the content lists: the accessible name (Move … to…) contains it (WCAG 2.5.3). */}
        Move
      </Button>
      <Button variant="danger" aria-label={`Delete ${name}`} isDisabled={isBusy} onPress={() => actions.askDelete(item)}>
        Delete
      </Button>
    </>
  );
}

function ItemErrors({ id, errors }: { id?: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Errors id={id}>
      {errors.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </Errors>
  );
}

function MediaChoice({ item, name, actions }: { item: EditorItem; name: string; actions: ItemCardActions }) {
  const errorsId = useId();
  const kind = TYPE_LABELS[item.type];
  return (
    <>
      <Header>
        <MediaName>{item.media ? item.media.name : `No ${kind.toLowerCase()} chosen`}</MediaName>
        <Button
          variant="secondary"
          aria-label={`Choose ${kind.toLowerCase()} for ${name}`}
          isDisabled={actions.isBusy}
          onPress={() => actions.chooseMedia(item)}
        >
          {item.media ? `Change ${kind}` : `Choose ${kind}`}
        </Button>
      </Header>
      <ItemErrors id={errorsId} errors={item.errors} />
    </>
  );
}

interface ChildCardProps extends Place {
  item: EditorItem;
  name: string;
  actions: ItemCardActions;
}

const ChildItemCard = memo(function ChildItemCard({ item, name, isFirst, isLast, actions }: ChildCardProps) {
  const titleId = useId();
  return (
    <ChildCard aria-labelledby={titleId} data-item-type={item.type}>
      <Header>
        <ChildTitle id={titleId} tabIndex={-1} data-title-for={item.id}>
          {name}
        </ChildTitle>
        <ItemButtons item={item} place={{ isFirst, isLast }} actions={actions} name={name} />
      </Header>
      <div data-first-field-for={item.id}>
        {item.type === 'paragraph' ? (
          <MarkdownField
            label={`Text of ${name}`}
            value={item.text}
            onChange={(text) => actions.dispatch({ type: 'setText', id: item.id, text })}
            errors={item.errors}
            isDisabled={actions.isBusy}
          />
        ) : (
          <MediaChoice item={item} name={name} actions={actions} />
        )}
      </div>
    </ChildCard>
  );
});

export interface RowCardProps extends Place {
  row: EditorItem;
  index: number;
  actions: ItemCardActions;
}

/** A row: its title, the procedure flag, its items, and the buttons adding items inside it. */
export const RowCard = memo(function RowCard({ row, index, isFirst, isLast, actions }: RowCardProps) {
  const titleId = useId();
  const name = rowName(row, index);
  const { dispatch, isBusy } = actions;
  return (
    <Card aria-labelledby={titleId} data-item-type="row">
      <Header>
        <Title id={titleId} tabIndex={-1} data-title-for={row.id}>
          {name}
        </Title>
        <ItemButtons item={row} place={{ isFirst, isLast }} actions={actions} name={`Row ${index + 1}`} />
      </Header>
      <div data-first-field-for={row.id}>
        <TextField
          label="Row title"
          name={`row-${row.id}-title`}
          value={row.text}
          onChange={(text) => dispatch({ type: 'setText', id: row.id, text })}
          errors={row.errors}
          isDisabled={isBusy}
          isRequired
        />
      </div>
      <Checkbox
        label="Procedure"
        isSelected={row.isProcedure}
        onChange={(isProcedure) => dispatch({ type: 'setProcedure', id: row.id, isProcedure })}
        isDisabled={isBusy}
      />
      {row.children.length > 0 ? (
        <Children>
          {row.children.map((child, childIndex) => (
            <ChildItemCard
              key={child.id}
              item={child}
              name={`${TYPE_LABELS[child.type]} ${childIndex + 1} in Row ${index + 1}`}
              isFirst={childIndex === 0}
              isLast={childIndex === row.children.length - 1}
              actions={actions}
            />
          ))}
        </Children>
      ) : null}
      <Header role="group" aria-label={`Add to Row ${index + 1}`}>
        {CHILD_TYPES.map((childType) => (
          <Button
            key={childType}
            variant="secondary"
            aria-label={`Add ${TYPE_LABELS[childType]} to Row ${index + 1}`}
            isDisabled={isBusy}
            onPress={() => dispatch({ type: 'addChild', rowId: row.id, childType })}
          >
            {`+ ${TYPE_LABELS[childType]}`}
          </Button>
        ))}
      </Header>
    </Card>
  );
});
