/**
 * `react` for the standalone bundle: preact/compat, with a default export that carries only what our
 * dependencies read from it. Several libraries write `import React from 'react'` and then `React.x`;
 * preact/compat's default object holds every compat API (Suspense, lazy, portals, ...), and one default
 * import keeps them all in the bundle. The named exports are untouched.
 * The members below are what react-aria, react-aria-components, react-stately and r2wc read
 * (`grep` their dist for `$react).` and `$react)[`); a missing member would read as undefined.
 */
import {
  Children,
  Fragment,
  cloneElement,
  createContext,
  createElement,
  forwardRef,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useSyncExternalStore,
  version,
} from 'preact/compat';

export * from 'preact/compat';

export default {
  Children,
  Fragment,
  cloneElement,
  createContext,
  createElement,
  forwardRef,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useSyncExternalStore,
  version,
};
