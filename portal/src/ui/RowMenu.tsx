import { styled } from '@tessera/widgets/stitches';
import { Button } from 'react-aria-components/Button';
import { Menu, MenuItem, MenuTrigger } from 'react-aria-components/Menu';
import { Popover } from 'react-aria-components/Popover';
import { rowControlLook } from './RowButton';

const Trigger = styled(Button, rowControlLook, { gap: '$1', '&[data-pressed]': { backgroundColor: '$secondary' } });

const Items = styled(Popover, {
  minWidth: '180px',
  padding: '$1',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  boxShadow: '$card',
  outline: 'none',
});

const List = styled(Menu, { outline: 'none' });

const Item = styled(MenuItem, {
  display: 'block',
  padding: '$2 $3',
  borderRadius: '$sm',
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focused]': { backgroundColor: '$surfaceMuted' },
  '&[data-disabled]': { color: '$disabledText', cursor: 'not-allowed' },
  variants: { tone: { danger: { color: '$danger' }, neutral: {} } },
});

interface RowMenuItem {
  id: string;
  label: string;
  onAction(): void;
  isDisabled?: boolean;
  tone?: 'danger' | 'neutral';
}

export interface RowMenuProps {
  /** Whose actions: the row's name, for the button's accessible name ("More actions for Ladders"). */
  name: string;
  items: RowMenuItem[];
}

/**
 * A row's less frequent actions (the menu is named by its button) behind one "More" button (react-aria Menu: arrow keys, Enter, Escape), beside its
 * primary action, so a table row stays one line however many actions it has.
 */
export function RowMenu({ name, items }: RowMenuProps) {
  const byId = new Map(items.map((item) => [item.id, item]));
  return (
    <MenuTrigger>
      <Trigger aria-label={`More actions for ${name}`}>
        More <span aria-hidden="true">▾</span>
      </Trigger>
      <Items placement="bottom end">
        <List disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)} onAction={(key) => byId.get(String(key))?.onAction()}>
          {items.map((item) => (
            <Item key={item.id} id={item.id} tone={item.tone ?? 'neutral'}>
              {item.label}
            </Item>
          ))}
        </List>
      </Items>
    </MenuTrigger>
  );
}
