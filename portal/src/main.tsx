import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  RouterProvider,
  UNSAFE_createBrowserHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  type DataRouter,
} from 'react-router';
import { adoptTesseraStyles } from '@tessera/widgets/theme';
import { connectErrorRouting } from './app/connectErrorRouting';
import { routes } from './app/routes';
import { useSession } from './state/session';
import { isAuthenticated } from './state/tokens';

/**
 * Lets the browser paint and answer input before the next step of the start-up: each step is then a task of its
 * own instead of one long task (a phone's main thread is blocked for the sum of them otherwise).
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the router has loaded the first route's modules and data (or redirected). */
function firstRouteReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * What a person typed into the prerendered page's fields before the app took it over: written into the app's fields of
 * the same name as typing would (the value, then an input event, which React's change handlers read), and the focus
 * put back, so nothing typed is lost when the app replaces the markup.
 */
function keepTypedInput(container: HTMLElement): () => void {
  // The prerendered fields themselves: once React has removed them they still hold what was typed until then.
  const fields = Array.from(container.querySelectorAll<HTMLInputElement>('input[name]'));
  const focused = document.activeElement instanceof HTMLInputElement && fields.includes(document.activeElement) ? document.activeElement.name : null;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  return () => {
    for (const { name, value, defaultValue } of fields) {
      const target = field(name);
      if (value === defaultValue || !target || !setValue) continue;
      setValue.call(target, value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused) field(focused)?.focus();
  };
}

/** Resolves once React has replaced the prerendered markup (its first node has left the page). */
function replaced(container: HTMLElement): Promise<void> {
  const prerendered = container.firstChild;
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (prerendered && container.contains(prerendered)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true });
  });
}

/** The app's start, in steps that are tasks of their own (see yieldToMain). */
async function start() {
  // The theme's rules reach the document as a constructable stylesheet (no <style> element: see the theme module).
  adoptTesseraStyles(document);

  // A returning person's current user is asked for now, while the route's code downloads, and answers every load
  // of the first navigation (state/session.ts).
  let firstNavigationSettled = () => {};
  const firstNavigation = new Promise<void>((resolve) => (firstNavigationSettled = resolve));
  if (isAuthenticated()) useSession.getState().preload(firstNavigation);

  await yieldToMain();
  // React Router's createBrowserRouter (7.18: createRouter(...).initialize(), with nothing to hydrate here), in two
  // tasks: creating the router ranks every route of the table (a regular expression a route and level: the
  // start-up's longest task on a phone, Lighthouse's total blocking time), and initializing it matches the URL and
  // starts loading the first route's modules and data.
  const router = UNSAFE_createRouter({
    history: UNSAFE_createBrowserHistory(),
    routes,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
  });
  await yieldToMain();
  router.initialize();
  connectErrorRouting(router);
  const firstRouteLoaded = firstRouteReady(router);
  void firstRouteLoaded.then(firstNavigationSettled);
  await yieldToMain();

  const container = document.getElementById('root') as HTMLElement;
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (container.hasChildNodes()) {
    // A page the build prerendered (prerender.tsx) is already on screen, or index.html's loading state: rendering now
    // would swap it for the loading fallback until the route's module arrives, so the app takes over once its first
    // screen can render in one go.
    // That render is a transition: React works on it in slices, the page keeps answering input, and the prerendered
    // markup stays until the new screen commits.
    await firstRouteLoaded;
    const restoreTyped = keepTypedInput(container);
    startTransition(() => root.render(app));
    await replaced(container);
    // After the new screen's own effects (its autofocus), which run once it is on screen.
    setTimeout(restoreTyped, 0);
  } else {
    root.render(app);
  }
}

void start();
