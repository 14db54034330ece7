import { Spinner } from '@tessera/widgets/ui';
import { useEffect, useRef } from 'react';
import { logOut } from '../../state/localState';
import { usePageTitle } from '../../lib/usePageTitle';

/** Leaves the single-page app entirely, so nothing of the previous session survives in memory. */
function hardRedirect(path: string): void {
  window.location.replace(path);
}

/** /logout (spec 2.1): revokes the session, clears locally persisted state, hard-redirects to /login. */
export function LogoutPage({ redirect = hardRedirect }: { redirect?: (path: string) => void }) {
  usePageTitle('Logging out');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut().then(() => redirect('/login'));
  }, [redirect]);
  return (
    <main>
      <Spinner label="Logging out" />
    </main>
  );
}
