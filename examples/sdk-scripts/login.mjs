// Logs in to Tessera from a plain Node 20 script with the built SDK, prints the current user, logs out.
//
//   npm run build -w @tessera/sdk          (once: the script uses the SDK's dist build)
//   npm run sdk:login -w @tessera/examples
//
// Environment: TESSERA_URL (default http://localhost:3000), TESSERA_EMAIL (default learner@example.com),
// TESSERA_PASSWORD (default Demo-pass-1, the demo accounts' password).

const serverUrl = (process.env.TESSERA_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const email = process.env.TESSERA_EMAIL ?? 'learner@example.com';
const password = process.env.TESSERA_PASSWORD ?? 'Demo-pass-1';

/** @param {string} message */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The SDK as a Node script sees it: the package's dist build (not the TypeScript sources). */
async function loadSdk() {
  try {
    return await import('@tessera/sdk');
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code === 'ERR_MODULE_NOT_FOUND') fail('The SDK is not built yet. Run: npm run build -w @tessera/sdk');
    throw error;
  }
}

const { createTesseraClient, memoryTokenStore, unwrap, TesseraApiError } = await loadSdk();

// A memory token store: the tokens live as long as this process.
const client = createTesseraClient({ baseUrl: `${serverUrl}/api`, tokenStore: memoryTokenStore() });

console.log(`Logging in to ${serverUrl} as ${email} ...`);
const login = await client.login(email, password);
if (!login.ok) {
  if (login.status === 0) fail(`No response from ${serverUrl}. Is the Tessera server running (npm start)?`);
  const fields = Object.entries(login.error.errors ?? {}).map(([field, messages]) => `  ${field}: ${messages.join(' ')}`);
  fail([`Login failed (${login.status}): ${login.error.message}`, ...fields].join('\n'));
}

try {
  const { data: user } = await unwrap(client.GET('/users/me'));
  console.log(`Logged in as ${user.name} <${user.email}>${user.is_owner ? ' (platform owner)' : ''}`);
  console.log(`Email confirmed: ${user.is_confirmed ? 'yes' : 'no'}`);
  for (const membership of user.memberships) {
    const state = membership.is_active ? '' : ' (suspended)';
    console.log(`  ${membership.tenant.name} [${membership.tenant.slug}]: ${membership.role}${state}`);
  }
  if (user.memberships.length === 0) console.log('  (no organizations)');
} catch (error) {
  if (error instanceof TesseraApiError) fail(`GET /users/me failed (${error.status}): ${error.message}`);
  throw error;
} finally {
  await client.logout();
}
console.log("Logged out (the session's tokens are revoked).");
