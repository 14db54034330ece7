import { useCallback, useState } from 'react';
import type { ApiFailure, ApiOutcome } from '../api/outcome';
import { EVERYTHING, useWrites } from '../api/queries';
import { announce, type ToastMessage } from '../ui/Toasts';

/** A 422 names its reasons per field; other failures have one message. */
function failureMessages(failure: ApiFailure): string[] {
  const fieldMessages = Object.values(failure.error.errors ?? {}).flat();
  return fieldMessages.length ? fieldMessages : [failure.error.message];
}

/**
 * Row actions of a list (archive, restore, suspend...): one at a time, each a mutation whose success invalidates
 * the cache (every query: the mounted list reads again at once, the lists and records of other pages on their next
 * use), and a failure the screen shows (a 422 explaining why the transition is not possible).
 * Every completed action is announced with a toast (`done`, or null where the screen announces a batch
 * itself): the row may leave the list, so the person is told what happened and where the record went.
 */
export function useRowActions() {
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const { write } = useWrites(EVERYTHING);

  const run = useCallback(
    async (key: string, call: () => Promise<ApiOutcome<unknown>>, done: ToastMessage | null): Promise<boolean> => {
      setPendingKey(key);
      setMessages([]);
      const outcome = await write(call);
      setPendingKey(null);
      if (outcome.ok) {
        if (done) announce(done.title, done.description);
        return true;
      }
      if (!outcome.routed) setMessages(failureMessages(outcome));
      return false;
    },
    [write],
  );

  return { run, pendingKey, messages, isPending: pendingKey !== null };
}
