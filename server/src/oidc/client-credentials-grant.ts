/**
 * The `client_credentials` grant for integration clients (service accounts, features/integration-clients). The
 * library's own grant issues tokens without an account; this one follows password-grant.ts instead: a Grant and an
 * AccessToken of the account the client acts as (one membership, one organization, the client's role), so the
 * API authenticates and scopes it as any member. No refresh token: a script asks for a new access token.
 * The client's secret has been checked by token-endpoint.ts before the provider runs.
 */
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { CLIENT_CREDENTIALS_GRANT } from './provider.js';

export function registerClientCredentialsGrant(provider: Provider, accountOf: (clientId: string) => Promise<string | undefined>): void {
  provider.registerGrantType(
    CLIENT_CREDENTIALS_GRANT,
    async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const accountId = await accountOf(client.clientId);
      if (!accountId) throw new errors.InvalidClient('client revoked');

      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      const grantId = await grant.save();
      const accessToken = new provider.AccessToken({ accountId, client, grantId, gty: CLIENT_CREDENTIALS_GRANT });
      ctx.oidc.entity('AccessToken', accessToken);
      const value = await accessToken.save();
      ctx.body = { access_token: value, expires_in: accessToken.expiration, token_type: accessToken.tokenType };
    },
    [],
  );
}
