import { styled } from '@tessera/widgets/stitches';
import { Button, Input, Label, SearchField as AriaSearchField } from 'react-aria-components/SearchField';
import { VisuallyHidden } from './VisuallyHidden';

const Field = styled(AriaSearchField, {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  maxWidth: '360px',
  fontFamily: '$body',
  '&[data-empty] button': { display: 'none' },
});

const SearchInput = styled(Input, {
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
  '&::-webkit-search-cancel-button': { display: 'none' },
  '&::placeholder': { color: '$textMuted' },
  '&[data-focused]': { borderColor: '$focus', boxShadow: '$focus' },
});

const Clear = styled(Button, {
  position: 'absolute',
  right: '$2',
  width: '24px',
  height: '24px',
  padding: 0,
  border: 'none',
  borderRadius: '$round',
  backgroundColor: 'transparent',
  color: '$textMuted',
  fontSize: '$3',
  cursor: 'pointer',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

export interface SearchFieldProps {
  /** The spec's placeholder ("Search by name"); it also names the field. */
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** Enter: search now. */
  onSubmit(value: string): void;
}

/** A search box (react-aria SearchField): Enter submits, Escape or the clear button empties it. */
export function SearchField({ placeholder, value, onChange, onSubmit }: SearchFieldProps) {
  return (
    <Field value={value} onChange={onChange} onSubmit={onSubmit} onClear={() => onSubmit('')}>
      <Label>
        <VisuallyHidden>{placeholder}</VisuallyHidden>
      </Label>
      <SearchInput placeholder={placeholder} />
      <Clear aria-label="Clear search">×</Clear>
    </Field>
  );
}
