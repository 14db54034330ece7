/**
 * The `password` grant (oidc-provider has none). It follows the library's own client_credentials
 * grant: check the input, create the entities, save them, answer the token response. A login is a
 * Grant; the access and refresh tokens point at it, so revoking the grant ends the login.
 * Why a login failed is left on `ctx.state.loginFailure` for token-endpoint.ts to answer in the
 * API's words; the thrown error only ends the provider's handling.
 */
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { CredentialCheck } from '../features/accounts/service.js';
import { PASSWORD_GRANT } from './provider.js';

export type LoginFailure = Exclude<CredentialCheck['kind'], 'ok'>;

declare module 'koa' {
  interface DefaultState {
    loginFailure?: LoginFailure;
    /** A login refused because the address's organization enforces single sign-on (features/sso/enforcement.ts). */
    loginSsoUrl?: string;
    loggedInAccountId?: string;
  }
}

export type CheckCredentials = (email: string, password: string) => Promise<CredentialCheck>;

export function registerPasswordGrant(provider: Provider, checkCredentials: CheckCredentials): void {
  provider.registerGrantType(
    PASSWORD_GRANT,
    async (ctx: KoaContextWithOIDC) => {
      const { email, password } = ctx.oidc.params as { email?: string; password?: string };
      const check = await checkCredentials(String(email ?? ''), String(password ?? ''));
      if (check.kind !== 'ok') {
        ctx.state.loginFailure = check.kind;
        if (check.kind === 'invalid_credentials' && check.ssoUrl) ctx.state.loginSsoUrl = check.ssoUrl;
        throw new errors.InvalidGrant(check.kind);
      }
      const client = ctx.oidc.client!;
      const accountId = check.user.id;

      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      const grantId = await grant.save();

      const accessToken = new provider.AccessToken({ accountId, client, grantId, gty: PASSWORD_GRANT });
      const refreshToken = new provider.RefreshToken({ accountId, client, grantId, gty: PASSWORD_GRANT, rotations: 0, scope: '' });
      ctx.oidc.entity('AccessToken', accessToken);
      ctx.oidc.entity('RefreshToken', refreshToken);
      const [accessValue, refreshValue] = await Promise.all([accessToken.save(), refreshToken.save()]);

      ctx.state.loggedInAccountId = accountId;
      ctx.body = {
        access_token: accessValue,
        expires_in: accessToken.expiration,
        refresh_token: refreshValue,
        token_type: accessToken.tokenType,
      };
    },
    ['email', 'password'],
  );
}
