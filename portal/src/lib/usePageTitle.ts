import { useEffect } from 'react';

const APP_NAME = 'Tessera';

/** Sets the document title for the current screen ("Your Profile | Tessera"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
