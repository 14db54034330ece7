// Ports can be moved (E2E_SERVER_PORT, E2E_INTRANET_PORT) so two checkouts can run their journeys at once.
export const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 3210);
export const INTRANET_PORT = Number(process.env.E2E_INTRANET_PORT ?? 4010);
export const serverUrl = `http://127.0.0.1:${SERVER_PORT}`;
export const intranetUrl = `http://127.0.0.1:${INTRANET_PORT}`;
// The single sign-on journey's OpenID provider runs inside the spec (E2E_OIDC_PORT moves it).
export const OIDC_PROVIDER_PORT = Number(process.env.E2E_OIDC_PORT ?? 4020);
export const oidcProviderUrl = `http://127.0.0.1:${OIDC_PROVIDER_PORT}`;
