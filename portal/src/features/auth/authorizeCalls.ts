/**
 * The interaction calls of an authorization request (`/api/interactions/{uid}`, server/src/oidc/interactions.ts):
 * what the page shows, and the person's login, consent or refusal, each answering where the browser goes on.
 *
 * Plain fetch, not the portal's client: these calls carry no token, and the client would answer a 401 (a wrong
 * password here) by refreshing the portal's own session and sending the login again.
 */
import type { ApiErrorBody, Interaction, InteractionRedirect, LoginResult } from '@tessera/sdk';

const BASE = '/api/interactions';

export type InteractionAnswer = { ok: true; interaction: Interaction } | { ok: false; status: number; message: string };

function interactionUrl(uid: string, step = ''): string {
  return `${BASE}/${encodeURIComponent(uid)}${step}`;
}

async function errorOf(response: Response): Promise<ApiErrorBody> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return {
    code: body?.code ?? 'server_error',
    message: body?.message ?? 'Something went wrong. Please try again.',
    ...(body?.errors ? { errors: body.errors } : {}),
  } as ApiErrorBody;
}

function post(uid: string, step: string, body?: unknown): Promise<Response> {
  return fetch(interactionUrl(uid, step), {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function fetchInteraction(uid: string): Promise<InteractionAnswer> {
  const response = await fetch(interactionUrl(uid), { headers: { Accept: 'application/json' } });
  if (!response.ok) return { ok: false, status: response.status, message: (await errorOf(response)).message };
  return { ok: true, interaction: ((await response.json()) as { data: Interaction }).data };
}

/**
 * The login of the interaction, answered as the SDK's `login` answers (so the login form shows the same messages):
 * on success `redirectTo` is where the browser goes on; the interaction holds the login, no token is stored here.
 */
export async function interactionLogin(uid: string, email: string, password: string): Promise<LoginResult & { redirectTo?: string }> {
  const response = await post(uid, '/login', { email, password });
  if (response.ok) {
    const { redirect_to } = (await response.json()) as InteractionRedirect;
    return { ok: true, tokens: { accessToken: '', refreshToken: '' }, redirectTo: redirect_to };
  }
  const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
  return { ok: false, status: response.status, error: await errorOf(response), ...(retryAfter ? { retryAfter } : {}) };
}

/** Consent or refusal: where the browser goes on, or the error's message. */
export async function finishInteraction(uid: string, step: 'consent' | 'abort'): Promise<{ redirectTo: string } | { error: string }> {
  const response = await post(uid, `/${step}`);
  if (!response.ok) return { error: (await errorOf(response)).message };
  return { redirectTo: ((await response.json()) as InteractionRedirect).redirect_to };
}
