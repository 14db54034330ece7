import { createTesseraClient, localStorageTokenStore, type TesseraClient } from '@tessera/sdk';

/** The portal's API base: same origin as the portal (the server serves both). */
const API_BASE_URL = '/api';

/**
 * The one token store of the page: the SDK answers the same instance for the same key, so the
 * portal and every widget on the page (the login widget included) share it.
 */
export const tokenStore = localStorageTokenStore();

/** The one SDK client of the app. Every server call goes through it. */
export const client: TesseraClient = createTesseraClient({ baseUrl: API_BASE_URL, tokenStore });
