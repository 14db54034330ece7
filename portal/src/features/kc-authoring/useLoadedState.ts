import { useState } from 'react';
import { useRevalidator } from 'react-router';

/**
 * A page's copy of what its loader read, changed by the page's own saves: each change is shown at once and the
 * route's loaders are run again, so the loader's data is current too and a page mounted again (or Back to it)
 * never shows what was there before the saves. Fresh loader data replaces the copy.
 */
export function useLoadedState<T>(loaded: T) {
  const revalidator = useRevalidator();
  const [value, setValue] = useState(loaded);
  const [seen, setSeen] = useState(loaded);
  if (loaded !== seen) {
    setSeen(loaded);
    setValue(loaded);
  }
  const change = (next: T) => {
    setValue(next);
    void revalidator.revalidate();
  };
  return [value, change] as const;
}
