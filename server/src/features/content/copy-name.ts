import { TEXT_MAX_LENGTH } from '@tessera/sdk/rules';

const SUFFIX = ' (copy)';

/**
 * The name of a copy (issue 14): the source's name with " (copy)", so a copy is never mistaken for its source;
 * a name at the length limit is shortened to make room.
 */
export function copyName(name: string): string {
  return `${[...name]
    .slice(0, TEXT_MAX_LENGTH - SUFFIX.length)
    .join('')
    .trimEnd()}${SUFFIX}`;
}
