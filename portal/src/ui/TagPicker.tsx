import { styled } from '@tessera/widgets/stitches';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { Button as ComboButton, ComboBox, ComboBoxStateContext, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox';
import { Button, Tag, TagGroup, TagList } from 'react-aria-components/TagGroup';

const Field = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', fontFamily: '$body', color: '$text' });

const Picker = styled(ComboBox, { display: 'flex', flexDirection: 'column', gap: '$1' });

const FieldLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });

const InputRow = styled('div', { position: 'relative', display: 'flex' });

const Open = styled(ComboButton, {
  position: 'absolute',
  right: '$1',
  top: '50%',
  transform: 'translateY(-50%)',
  width: '32px',
  height: '32px',
  padding: 0,
  border: 'none',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  cursor: 'pointer',
  outline: 'none',
  '&[data-hovered]': { backgroundColor: '$secondary' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const PickerInput = styled(Input, {
  width: '100%',
  minHeight: '$control',
  padding: '$2 $6 $2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  outline: 'none',
  '&::placeholder': { color: '$textMuted' },
  '&[data-focused]': { borderColor: '$focus', boxShadow: '$focus' },
});

const Options = styled(Popover, {
  minWidth: 'var(--trigger-width)',
  maxHeight: '280px',
  overflow: 'auto',
  backgroundColor: '$surface',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  boxShadow: '$card',
});

const OptionList = styled(ListBox, { padding: '$1', outline: 'none' });

const Option = styled(ListBoxItem, {
  padding: '$2 $3',
  borderRadius: '$sm',
  fontSize: '$3',
  color: '$text',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focused]': { backgroundColor: '$surfaceMuted' },
});

const NoOptions = styled('div', { padding: '$2 $3', color: '$textMuted', fontSize: '$2' });

const Tags = styled(TagList, { display: 'flex', flexWrap: 'wrap', gap: '$2', outline: 'none' });

const Chip = styled(Tag, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  padding: '$1 $1 $1 $3',
  borderRadius: '$round',
  backgroundColor: '$infoSurface',
  color: '$info',
  fontSize: '$2',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Remove = styled(Button, {
  width: '22px',
  height: '22px',
  padding: 0,
  border: 'none',
  borderRadius: '$round',
  backgroundColor: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  '&[data-hovered]': { backgroundColor: '$secondary' },
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Empty = styled('span', { color: '$textMuted', fontSize: '$2' });

const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface TagOption {
  id: string;
  label: string;
}

/** Where a tag picker's candidates come from: the search's query key (its family and tenant), and the search. */
export interface TagSearch {
  key: QueryKey;
  load(term: string): Promise<TagOption[]>;
}

/** `value` once it has not changed for `delayMs` (at once for an empty value: a cleared box lists everything). */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), value ? delayMs : 0);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface TagPickerProps {
  /** "Groups", "Members": labels the search box and the list of chosen ones. */
  label: string;
  placeholder: string;
  /** The chosen ids. */
  value: string[];
  onChange(value: string[]): void;
  /** Names of ids chosen before this screen opened (the record's relations). */
  known?: TagOption[];
  /** Candidates matching a search term (the server searches), read through the cache. */
  search: TagSearch;
  /** Wait after the last keystroke before asking the server (spec section 9: 750 ms). */
  debounceMs?: number;
  errors?: string[];
}

/**
 * The search box opens the list when clicked, as its ▾ button does: a click on the box near the bottom of the
 * window (where people click, not on the small button) used to leave it closed until something was typed.
 */
function SearchInput({ placeholder }: { placeholder: string }) {
  const state = useContext(ComboBoxStateContext);
  return (
    <PickerInput
      placeholder={placeholder}
      onClick={() => {
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
    />
  );
}

const labelsOf = (options: TagOption[]) => options.map((option): [string, string] => [option.id, option.label]);

/**
 * Tagging related records (a member's groups, a group's members): a search box (typing or its
 * button lists the candidates) whose choices become removable tags (react-aria ComboBox and TagGroup).
 */
export function TagPicker({ label, placeholder, value, onChange, known = [], search, debounceMs = 750, errors = [] }: TagPickerProps) {
  const [term, setTerm] = useState('');
  // A new search box after each choice: closed, empty and focused, ready for the next one.
  const [round, setRound] = useState(0);
  const searched = useDebounced(term.trim(), debounceMs);
  const found = useQuery({ queryKey: [...search.key, 'search', searched], queryFn: () => search.load(searched) }).data;
  const [options, setOptions] = useState<TagOption[]>([]);
  // Every option listed so far: a chosen tag keeps its name after the next search replaces the options.
  const [listed, setListed] = useState<ReadonlyMap<string, string>>(new Map());
  if (found && found !== options) {
    setOptions(found);
    setListed((previous) => new Map([...previous, ...labelsOf(found)]));
  }
  const labels = new Map([...listed, ...labelsOf(known), ...labelsOf(options)]);

  const choices = options.filter((option) => !value.includes(option.id));
  const add = (id: string) => {
    if (!value.includes(id)) onChange([...value, id]);
    setTerm('');
    setRound((previous) => previous + 1);
  };
  const remove = (ids: Set<string>) => onChange(value.filter((id) => !ids.has(id)));

  return (
    <Field>
      <Picker
        key={round}
        autoFocus={round > 0}
        inputValue={term}
        onInputChange={setTerm}
        onChange={(key) => key !== null && add(String(key))}
        items={choices}
        allowsEmptyCollection
      >
        <FieldLabel>{label}</FieldLabel>
        <InputRow>
          <SearchInput placeholder={placeholder} />
          <Open aria-label={`Show ${label.toLowerCase()}`}>▾</Open>
        </InputRow>
        <Options>
          <OptionList renderEmptyState={() => <NoOptions>No matches</NoOptions>}>
            {(item) => {
              const option = item as TagOption;
              return (
                <Option id={option.id} textValue={option.label}>
                  {option.label}
                </Option>
              );
            }}
          </OptionList>
        </Options>
      </Picker>
      <TagGroup aria-label={`Selected ${label.toLowerCase()}`} onRemove={(keys) => remove(new Set([...keys].map(String)))}>
        <Tags renderEmptyState={() => <Empty>None selected</Empty>}>
          {value.map((id) => {
            const name = labels.get(id) ?? id;
            return (
              <Chip key={id} id={id} textValue={name}>
                {name}
                <Remove slot="remove" aria-label={`Remove ${name}`}>
                  ×
                </Remove>
              </Chip>
            );
          })}
        </Tags>
      </TagGroup>
      {errors.length ? (
        <Errors>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
    </Field>
  );
}
