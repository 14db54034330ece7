import { styled } from '@tessera/widgets/stitches';

/**
 * The visible box of a react-aria checkbox whose own label lives elsewhere (a table's selection
 * cell, a row of the content tree): place it directly inside the AriaCheckbox, aria-hidden.
 */
export const CheckMark = styled('span', {
  display: 'inline-flex',
  width: '18px',
  height: '18px',
  alignItems: 'center',
  justifyContent: 'center',
  border: '2px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$background',
  color: '$primaryText',
  fontSize: '12px',
  '[data-selected] > &, [data-indeterminate] > &': { backgroundColor: '$primary', borderColor: '$primary' },
  '[data-focus-visible] > &': { boxShadow: '$focus' },
});
