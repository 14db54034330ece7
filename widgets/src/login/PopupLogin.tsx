import { useState, type ReactNode } from 'react';
import type { TesseraClient, TokenPair } from '@tessera/sdk';
import { Alert, Button, Status } from '../ui/index.js';
import { loginWithPopup, type PopupOutcome } from './popupLogin.js';
import { sessionMessages as text } from './sessionMessages.js';

export interface PopupLoginProps {
  client: TesseraClient;
  onSuccess: (tokens: TokenPair) => void | Promise<void>;
  links: ReactNode;
  /** For tests: opens the window (default `window.open`). */
  open?: typeof window.open;
}

/** "Log in with Tessera": the password is typed in Tessera's own window (popupLogin.ts), never in this page. */
export function PopupLogin({ client, onSuccess, links, open }: PopupLoginProps) {
  const [state, setState] = useState<'idle' | 'open' | PopupOutcome>('idle');
  const start = () => {
    setState('open');
    // Opens the window before anything is awaited: inside the press, so a popup blocker lets it through.
    void loginWithPopup(client, open).then(async (outcome) => {
      const tokens = client.tokenStore.get();
      if (outcome === 'ok' && tokens) await onSuccess(tokens);
      else setState(outcome);
    });
  };
  return (
    <>
      {state === 'blocked' || state === 'failed' ? <Alert tone="error">{state === 'blocked' ? text.popupBlocked : text.popupFailed}</Alert> : null}
      {state === 'open' ? <Status role="status">{text.popupOpen}</Status> : null}
      <Button isPending={state === 'open'} onPress={start}>
        {state === 'blocked' ? text.retry : text.popup}
      </Button>
      {links}
    </>
  );
}
