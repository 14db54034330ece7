import type { SyntheticEvent } from 'react';
import { InfoTip } from '../../ui/InfoTip';

const keepInCell = (event: SyntheticEvent) => event.stopPropagation();

/**
 * Spec 2.9: a row's description in a popover on hover (and keyboard focus). Presses stay on the tip, so they do
 * not also open the row.
 */
export function DescriptionTip({ name, description }: { name: string; description: string }) {
  return (
    <span onPointerDown={keepInCell} onPointerUp={keepInCell} onClick={keepInCell}>
      <InfoTip label={`Description of ${name}`} text={description} />
    </span>
  );
}
