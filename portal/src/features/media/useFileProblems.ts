import type { FieldErrors, FileKind, FileLimits } from '@tessera/sdk/rules';
import { useCallback, useRef, useState } from 'react';
import { useSession } from '../../state/session';
import { fileCheckProblems } from './mediaFile';

/**
 * The client-side problems of the files picked on a form (spec 5: type, size, dimensions), per
 * input. Each pick is checked at once; a slow check of an earlier pick never overwrites a later one.
 */
export function useFileProblems() {
  // The configuration is loaded before any authenticated screen renders (guards/loaders).
  const limits = useSession((state) => state.config) as FileLimits;
  const [problems, setProblems] = useState<FieldErrors>({});
  const latest = useRef<Record<string, File | null>>({});

  const check = useCallback(
    async (part: string, kind: FileKind, file: File | null) => {
      latest.current[part] = file;
      const found = file ? await fileCheckProblems(kind, file, limits) : [];
      if (latest.current[part] === file) setProblems((current) => ({ ...current, [part]: found }));
    },
    [limits],
  );

  const clear = useCallback(() => {
    latest.current = {};
    setProblems({});
  }, []);

  /** What shows under an input: its problems and the server's or submit check's messages, once each. */
  const messagesFor = (part: string, formErrors: FieldErrors) => [...new Set([...(problems[part] ?? []), ...(formErrors[part] ?? [])])];

  const hasProblems = Object.values(problems).some((messages) => messages.length > 0);
  return { limits, problems, check, clear, messagesFor, hasProblems };
}
