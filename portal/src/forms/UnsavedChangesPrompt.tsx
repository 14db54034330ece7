import { Button } from '@tessera/widgets/ui';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { DialogActions, ModalDialog } from '../ui/Dialog';

/** Spec 2.2: the question asked when leaving an edit screen with unsaved changes. */
export const UNSAVED_CHANGES_TEXT = 'There are unsaved changes, are you sure you want to leave?';

/** Leaving the page entirely (reload, closing the tab, another site): the browser's own prompt. */
function usePromptBeforeUnload(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
}

/**
 * Asks before leaving an edit screen whose form has unsaved changes: navigations inside the app
 * wait for the answer (react-router's blocker), leaving the app gets the browser's prompt.
 */
export function UnsavedChangesPrompt({ when, includeSearch = false }: { when: boolean; includeSearch?: boolean }) {
  // An add form lives in a tab of its list's page (?tab=add): there a change of the search (another tab) leaves
  // the form too (issue 14), as the sidebar does.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || (includeSearch && currentLocation.search !== nextLocation.search)),
  );
  usePromptBeforeUnload(when);
  return (
    <ModalDialog title={UNSAVED_CHANGES_TEXT} isOpen={blocker.state === 'blocked'} role="alertdialog">
      <DialogActions>
        <Button variant="secondary" autoFocus onPress={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button variant="danger" onPress={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
