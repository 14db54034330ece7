// A script acting as an integration client (a service account): no person's password. It gets access tokens with
// OAuth's client_credentials grant, lists the organization's modules and creates a draft module, as the role the
// client was given in its one organization.
//
//   npm run build -w @tessera/sdk          (once: the script uses the SDK's dist build)
//   npm run sdk:service-account -w @tessera/examples
//
// Environment: TESSERA_URL (default http://localhost:3000), TESSERA_ORGANIZATION (default acme-training),
// TESSERA_CLIENT_ID and TESSERA_CLIENT_SECRET (an integration client of that organization, made by a master or the
// owner: POST /api/tenants/{organization}/integration-clients; the secret is shown once). Without them, the script
// makes one first by logging in as the demo master (TESSERA_EMAIL / TESSERA_PASSWORD, default master@example.com /
// Demo-pass-1) and revokes it at the end: a demonstration only, a real script is handed its credentials.

const serverUrl = (process.env.TESSERA_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const organization = process.env.TESSERA_ORGANIZATION ?? 'acme-training';

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

const { createIntegrationClient, createTesseraClient, unwrap, TesseraApiError } = await loadSdk();
const baseUrl = `${serverUrl}/api`;

/** A demonstration client made by the demo master, and how to revoke it. */
async function demonstrationClient() {
  const master = createTesseraClient({ baseUrl });
  const email = process.env.TESSERA_EMAIL ?? 'master@example.com';
  const login = await master.login(email, process.env.TESSERA_PASSWORD ?? 'Demo-pass-1');
  if (!login.ok) fail(`Could not log in as ${email} to make a demonstration client (${login.status}): ${login.error.message}`);
  const { data } = await unwrap(
    master.POST('/tenants/{tenantId}/integration-clients', {
      params: { path: { tenantId: organization } },
      body: { name: `Example script ${new Date().toISOString()}`, role: 'admin' },
    }),
  );
  console.log(`Made integration client "${data.name}" (${data.role}) as ${email}; its secret is shown once.`);
  return {
    credentials: { clientId: data.id, clientSecret: data.client_secret },
    async revoke() {
      await unwrap(master.DELETE('/tenants/{tenantId}/integration-clients/{clientId}', { params: { path: { tenantId: organization, clientId: data.id } } }));
      await master.logout();
      console.log('Revoked the demonstration client: its tokens no longer work.');
    },
  };
}

const given = process.env.TESSERA_CLIENT_ID && process.env.TESSERA_CLIENT_SECRET;
const demo = given ? null : await demonstrationClient();
const credentials = demo?.credentials ?? { clientId: String(process.env.TESSERA_CLIENT_ID), clientSecret: String(process.env.TESSERA_CLIENT_SECRET) };

// The client asks /token for an access token before its first call and again whenever one is refused.
const client = createIntegrationClient({ baseUrl, ...credentials });

try {
  const modules = await unwrap(client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId: organization }, query: { per_page: 5 } } }));
  console.log(`${modules.meta.total} modules in ${organization}; the first ${modules.data.length}:`);
  for (const module of modules.data) console.log(`  ${module.name}${module.is_active ? '' : ' (inactive)'}`);

  const created = await client.POST('/tenants/{tenantId}/modules', {
    params: { path: { tenantId: organization } },
    body: { name: 'Imported by a script', description: 'Made by examples/sdk-scripts/service-account.mjs.' },
  });
  if (created.error) console.log(`Creating a module was refused (${created.response.status} ${created.error.code}): ${created.error.message}`);
  else console.log(`Created module "${created.data.data.name}".`);
} catch (error) {
  if (error instanceof TesseraApiError) fail(`The call failed (${error.status} ${error.body.code}): ${error.message}`);
  throw error;
} finally {
  await demo?.revoke();
}
