/**
 * RFC 8693 token exchange of an embed session (ARCHITECTURE.md#embed-sessions): the widgets of a partner's page send
 * the single-use token the partner's backend created (`subject_token`, of type `EMBED_SESSION_TOKEN_TYPE`) and get the
 * person's access and refresh tokens, as the password grant answers them (password-grant.ts). The token is spent for
 * the new login's grant, which confines every token of it to the session's organization (http/session.ts). The refresh
 * token lives the page lifetime (provider.ts: the grant type is in its `gty`, which rotation keeps).
 * token-endpoint.ts has checked the parameters before the provider runs.
 */
import { randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';

/** Spends the session token for the login `grantId`: its account, or undefined (unknown, spent, expired, refused). */
export type RedeemEmbedSession = (token: string, grantId: string) => Promise<{ accountId: string } | undefined>;

/** RFC 8693 section 3: the token issued is an access token. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export function registerTokenExchangeGrant(provider: Provider, redeem: RedeemEmbedSession): void {
  provider.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    async (ctx: KoaContextWithOIDC) => {
      const { subject_token: subjectToken } = ctx.oidc.params as { subject_token?: string };
      const client = ctx.oidc.client!;
      // The session is spent for this login's grant (one conditional update), then the grant is saved under that id.
      const grantId = randomBytes(32).toString('base64url');
      const redeemed = await redeem(String(subjectToken ?? ''), grantId);
      if (!redeemed) throw new errors.InvalidGrant('embed session token is unknown, spent or expired');
      const { accountId } = redeemed;
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.jti = grantId;
      await grant.save();

      const accessToken = new provider.AccessToken({ accountId, client, grantId, gty: TOKEN_EXCHANGE_GRANT });
      const refreshToken = new provider.RefreshToken({ accountId, client, grantId, gty: TOKEN_EXCHANGE_GRANT, rotations: 0, scope: '' });
      ctx.oidc.entity('AccessToken', accessToken);
      ctx.oidc.entity('RefreshToken', refreshToken);
      const [accessValue, refreshValue] = await Promise.all([accessToken.save(), refreshToken.save()]);

      ctx.body = {
        access_token: accessValue,
        expires_in: accessToken.expiration,
        refresh_token: refreshValue,
        token_type: accessToken.tokenType,
        issued_token_type: ACCESS_TOKEN_TYPE,
      };
    },
    ['subject_token', 'subject_token_type', 'requested_token_type'],
  );
}
