import { styled } from '@tessera/widgets/stitches';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const List = styled('div', { display: 'flex', gap: '$1', borderBottom: '1px solid $borderSubtle' });

const Tab = styled('button', {
  padding: '$2 $4',
  border: 'none',
  borderBottom: '3px solid transparent',
  backgroundColor: 'transparent',
  color: '$textMuted',
  fontFamily: '$body',
  fontSize: '$3',
  fontWeight: '$medium',
  cursor: 'pointer',
  outline: 'none',
  '&[aria-selected="true"]': { color: '$primary', borderBottomColor: '$primary' },
  '&:hover': { color: '$text' },
  '&:focus-visible': { boxShadow: '$focus', borderRadius: '$sm' },
});

const Panel = styled('div', { paddingTop: '$4', outline: 'none', '&:focus-visible': { boxShadow: '$focus' } });

interface TabItem {
  id: string;
  title: string;
  panel: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect(id: string): void;
}

/** Where arrow, Home and End keys move the selection (WAI-ARIA tabs pattern, automatic activation). */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  function onKeyDown(event: KeyboardEvent) {
    const next = nextTabIndex(event.key, selectedIndex, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    buttons.current[next]?.focus();
  }

  const active = tabs[selectedIndex];
  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={index === selectedIndex}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={index === selectedIndex ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.title}
          </Tab>
        ))}
      </List>
      <Panel role="tabpanel" id={`${baseId}-panel-${active.id}`} aria-labelledby={`${baseId}-tab-${active.id}`} tabIndex={0}>
        {active.panel}
      </Panel>
    </div>
  );
}
