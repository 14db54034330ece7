/**
 * The JSON calls behind the portal's page `/authorize/:uid` (ARCHITECTURE.md#tessera-as-an-openid-provider): the
 * authorization endpoint sends the browser there when it needs the person to log in or to consent, and the page
 * answers through these calls, each ending in `{ redirect_to }`, the provider's resume URL the page navigates to.
 *
 * - `GET /interactions/{uid}`: who asks (the client's name, first party or not), what (the scopes), which step.
 * - `POST /interactions/{uid}/login`: the password grant's checks in full (the SDK's login form, the same rate
 *   limits and backoff, single sign-on enforcement, the same 401 messages), then the login is the interaction's.
 * - `POST /interactions/{uid}/continue`: the person signed in to the portal in this browser (with a password, or
 *   through single sign-on, the only way in when their organization enforces it) gives the request that login; a
 *   partner application's token for the person is no login of the API (401), one made from an embed session 403.
 * - `POST /interactions/{uid}/consent`: the person allows the scopes asked; a grant of the client remembers them,
 *   so the same client asking the same scopes in this browser session is not asked again.
 * - `POST /interactions/{uid}/abort`: the client is answered `access_denied`.
 *
 * The uid (random, 21 characters) is known only to the browser that started the authorization, and resuming
 * (`/api/authorize/{uid}`) needs the HttpOnly resume cookie the provider set in that browser: an interaction
 * finished elsewhere signs nobody in. An unknown or expired uid is 404.
 */
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { forms } from '@tessera/sdk/rules';
import { authenticated, sessionOf } from '../http/authenticate.js';
import { HttpError, notFound } from '../http/errors.js';
import { Routes } from '../http/router.js';
import { inputOf, validate } from '../http/validate.js';
import { reserveLoginAttempt } from '../security/login-guard.js';
import type { RateLimiters } from '../security/rate-limits.js';
import type { CheckCredentials } from './password-grant.js';
import { isFirstParty } from './provider.js';
import { LOGIN_FAILURES } from './token-endpoint.js';

type Interaction = InstanceType<Provider['Interaction']>;

const interactionMessages = {
  notFound: 'This sign-in request could not be found or has expired. Please start again from the application.',
  wrongStep: 'This sign-in request is not waiting for this step.',
} as const;

/** The step the person is asked for: `login`, or `consent` for a third-party client's scopes. */
type Step = 'login' | 'consent';

async function findInteraction(provider: Provider, uid: string): Promise<Interaction> {
  const interaction = await provider.Interaction.find(uid);
  if (!interaction) throw notFound(interactionMessages.notFound);
  return interaction;
}

function stepOf(interaction: Interaction): Step {
  return interaction.prompt.name === 'login' ? 'login' : 'consent';
}

function requireStep(interaction: Interaction, step: Step): void {
  if (stepOf(interaction) !== step) throw new HttpError(409, 'conflict', interactionMessages.wrongStep);
}

function scopesOf(interaction: Interaction): string[] {
  return String(interaction.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
}

/** Records the outcome (merged with what earlier steps recorded) and answers where the browser goes on. */
async function finish(ctx: Context, interaction: Interaction, result: InteractionResults): Promise<void> {
  interaction.result = { ...interaction.lastSubmission, ...result };
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  ctx.body = { redirect_to: interaction.returnTo };
}

export interface InteractionOptions {
  limiters: RateLimiters;
  /** The password grant's own check (app.ts registers both with the same function). */
  checkCredentials: CheckCredentials;
}

export function interactionRoutes(provider: Provider, options: InteractionOptions): Routes {
  const router = new Routes();

  router.get('/interactions/:uid', async (ctx) => {
    const interaction = await findInteraction(provider, ctx.params.uid);
    const clientId = String(interaction.params.client_id);
    const client = await provider.Client.find(clientId);
    if (!client) throw notFound(interactionMessages.notFound);
    ctx.body = {
      data: {
        uid: interaction.uid,
        prompt: stepOf(interaction),
        client: { id: clientId, name: client.clientName ?? clientId, first_party: isFirstParty(clientId) },
        scopes: scopesOf(interaction),
      },
    };
  });

  router.post('/interactions/:uid/login', validate(forms.interactionLogin), async (ctx) => {
    const interaction = await findInteraction(provider, ctx.params.uid);
    requireStep(interaction, 'login');
    const { email, password } = inputOf(ctx, forms.interactionLogin);
    const attempt = await reserveLoginAttempt(options.limiters, email, ctx.ip);
    const check = await options.checkCredentials(email, password).catch(async (error: unknown) => {
      await attempt.settle('not_evaluated');
      throw error;
    });
    await attempt.settle(check.kind === 'invalid_credentials' ? 'wrong_password' : 'right_password');
    if (check.kind !== 'ok') {
      // The password grant's answer (token-endpoint.ts), with where to sign in when single sign-on is enforced.
      const ssoUrl = check.kind === 'invalid_credentials' ? check.ssoUrl : undefined;
      ctx.status = 401;
      ctx.body = ssoUrl ? { ...LOGIN_FAILURES[check.kind], sso_url: ssoUrl } : LOGIN_FAILURES[check.kind];
      return;
    }
    // A transient provider session (a cookie that ends with the browser): a partner page's "Log in with Tessera"
    // on a shared computer must not sign the next person in silently for days.
    await finish(ctx, interaction, { login: { accountId: check.user.id, remember: false } });
  });

  router.post('/interactions/:uid/continue', authenticated, async (ctx) => {
    const interaction = await findInteraction(provider, ctx.params.uid);
    requireStep(interaction, 'login');
    // `authenticated` admits the portal's own logins only: a partner application's token for the person acts on no
    // API call (oidc/adapter.ts), and a login made from an embed session is refused outside its organization.
    await finish(ctx, interaction, { login: { accountId: sessionOf(ctx).user.id, remember: false } });
  });

  router.post('/interactions/:uid/consent', async (ctx) => {
    const interaction = await findInteraction(provider, ctx.params.uid);
    requireStep(interaction, 'consent');
    const accountId = interaction.session?.accountId;
    if (!accountId) throw new HttpError(409, 'conflict', interactionMessages.wrongStep);
    const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
    if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    await finish(ctx, interaction, { consent: { grantId } });
  });

  router.post('/interactions/:uid/abort', async (ctx) => {
    const interaction = await findInteraction(provider, ctx.params.uid);
    await finish(ctx, interaction, { error: 'access_denied', error_description: 'The person declined to sign in to this application.' });
  });

  return router;
}
