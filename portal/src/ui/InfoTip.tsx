import { styled } from '@tessera/widgets/stitches';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components/Tooltip';

const Trigger = styled(AriaButton, {
  flexShrink: 0,
  width: '24px',
  height: '24px',
  padding: 0,
  border: '1px solid $border',
  borderRadius: '$round',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$1',
  fontWeight: '$bold',
  cursor: 'help',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

// react-aria renders the tooltip in a layer above the page (a portal at the end of the body), so a table's
// scroll container or a card's overflow cannot cut it off; it is placed beside the trigger and flips to stay
// in the window.
const Tip = styled(AriaTooltip, {
  zIndex: 200,
  maxWidth: '260px',
  padding: '$2 $3',
  borderRadius: '$md',
  backgroundColor: '$text',
  color: '$background',
  fontFamily: '$body',
  fontSize: '$1',
  lineHeight: '$body',
  boxShadow: '$card',
  overflowWrap: 'anywhere',
});

export interface InfoTipProps {
  /** The trigger's accessible name. */
  label: string;
  /** The tooltip text; it also describes the trigger for screen readers. */
  text: string;
}

/**
 * An "i" button whose tooltip shows on hover and keyboard focus, and hides on Escape (react-aria's
 * TooltipTrigger and Tooltip).
 */
export function InfoTip({ label, text }: InfoTipProps) {
  return (
    <TooltipTrigger delay={300} closeDelay={100}>
      <Trigger aria-label={label}>i</Trigger>
      <Tip placement="top" offset={6}>
        {text}
      </Tip>
    </TooltipTrigger>
  );
}
