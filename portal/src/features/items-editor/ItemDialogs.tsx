import { Button } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import type { EditorItem, MoveTarget } from './editorState';
import { TYPE_LABELS } from './itemLabels';
import { moveChoices } from './moveChoices';

const Places = styled('ol', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: '60vh',
  overflowY: 'auto',
});
const Place = styled('li', { display: 'flex', flexDirection: 'column', gap: '$2', padding: '$3', border: '1px solid $borderSubtle', borderRadius: '$md' });
const PlaceLine = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
const PlaceName = styled('span', { fontWeight: '$medium', marginRight: 'auto' });
const Types = styled('ul', { display: 'flex', flexDirection: 'column', gap: '$2', margin: 0, paddingLeft: '$4', fontSize: '$2', color: '$textMuted' });

/** "Move to": every row, the item types under each, and the places the moving item may go. */
export function MoveItemDialog({
  rows,
  item,
  onMove,
  onCancel,
}: {
  rows: EditorItem[];
  item: EditorItem | null;
  onMove: (target: MoveTarget) => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      title={item ? `Move ${TYPE_LABELS[item.type]}` : ''}
      isOpen={item !== null}
      isDismissable
      onOpenChange={(open) => (open ? undefined : onCancel())}
    >
      {item ? (
        <Places aria-label="Places">
          {moveChoices(rows, item).map((row) => (
            <Place key={row.id}>
              <PlaceLine>
                <PlaceName>{row.name}</PlaceName>
                {row.choices.map((choice) => (
                  <Button key={choice.label} variant="secondary" aria-label={choice.label} onPress={() => onMove(choice.target)}>
                    {choice.text}
                  </Button>
                ))}
              </PlaceLine>
              {row.children.length > 0 ? (
                <Types aria-label={`Items in ${row.name}`}>
                  {row.children.map((child) => (
                    <li key={child.name}>
                      <PlaceLine>
                        <PlaceName>{child.label}</PlaceName>
                        {child.choices.map((choice) => (
                          <Button key={choice.label} variant="secondary" aria-label={choice.label} onPress={() => onMove(choice.target)}>
                            {choice.text}
                          </Button>
                        ))}
                      </PlaceLine>
                    </li>
                  ))}
                </Types>
              ) : null}
            </Place>
          ))}
        </Places>
      ) : null}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
