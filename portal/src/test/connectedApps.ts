const disconnects = new Set<() => void>();

/** Remembers how to unplug a rendered app from the error routing, for the hook that ends every test. */
export function rememberConnectedApp(disconnect: () => void) {
  disconnects.add(disconnect);
}

/**
 * Unplugs every app a test rendered from the error routing and the SDK's "unauthenticated" report, so a request of
 * one test that ends late (a busy run) cannot log the next test's person out or route its app to an error page.
 */
export function disconnectRenderedApps() {
  for (const disconnect of disconnects) disconnect();
  disconnects.clear();
}
