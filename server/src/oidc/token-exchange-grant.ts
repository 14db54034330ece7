/**
 * RFC 8693 token exchange of a single-use token for a person's access and refresh tokens, as the password grant
 * answers them (password-grant.ts), for two subject token types:
 * - an embed session (ARCHITECTURE.md#embed-sessions, `EMBED_SESSION_TOKEN_TYPE`): the widgets of a partner's page send
 *   the token the partner's backend created. It is spent for the new login's grant, which confines every token of it
 *   to the session's organization (http/session.ts); the refresh token lives the page lifetime (provider.ts: the grant
 *   type is in its `gty`, which rotation keeps);
 * - a single sign-on login code (ARCHITECTURE.md#single-sign-on, `SSO_LOGIN_TOKEN_TYPE`): the portal's
 *   `/sso/complete` sends the code from its URL fragment and gets an ordinary, unconfined login (its `gty` is
 *   `SSO_LOGIN_GTY`, so the refresh token lives as a password login's).
 * token-endpoint.ts has checked the parameters before the provider runs.
 */
import { randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { EMBED_SESSION_TOKEN_TYPE, SSO_LOGIN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';

/** Spends the subject token for the login `grantId`: its account, or undefined (unknown, spent, expired, refused). */
type RedeemSubjectToken = (token: string, grantId: string) => Promise<{ accountId: string } | undefined>;

/** The `gty` of a login made from a single sign-on login code: not the token exchange's, so not a page's lifetime. */
const SSO_LOGIN_GTY = 'urn:tessera:params:oauth:grant-type:sso-login';

/** RFC 8693 section 3: the token issued is an access token. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface SubjectTokenRedeemers {
  embedSession: RedeemSubjectToken;
  ssoLogin: RedeemSubjectToken;
}

export function registerTokenExchangeGrant(provider: Provider, redeemers: SubjectTokenRedeemers): void {
  provider.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    async (ctx: KoaContextWithOIDC) => {
      const { subject_token: subjectToken, subject_token_type: type } = ctx.oidc.params as { subject_token?: string; subject_token_type?: string };
      const client = ctx.oidc.client!;
      const sso = type === SSO_LOGIN_TOKEN_TYPE;
      if (!sso && type !== EMBED_SESSION_TOKEN_TYPE) throw new errors.InvalidRequest('unsupported subject_token_type');
      // The token is spent for this login's grant (one conditional update), then the grant is saved under that id.
      const grantId = randomBytes(32).toString('base64url');
      const redeemed = await (sso ? redeemers.ssoLogin : redeemers.embedSession)(String(subjectToken ?? ''), grantId);
      if (!redeemed) throw new errors.InvalidGrant('subject token is unknown, spent or expired');
      const { accountId } = redeemed;
      const gty = sso ? SSO_LOGIN_GTY : TOKEN_EXCHANGE_GRANT;
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.jti = grantId;
      const accessToken = new provider.AccessToken({ accountId, client, grantId, gty });
      const refreshToken = new provider.RefreshToken({ accountId, client, grantId, gty, rotations: 0, scope: '' });
      ctx.oidc.entity('AccessToken', accessToken);
      ctx.oidc.entity('RefreshToken', refreshToken);
      // Saved at once, the three rows share one commit (the adapter's group commit): no token is answered before
      // its grant is stored.
      const [, accessValue, refreshValue] = await Promise.all([grant.save(), accessToken.save(), refreshToken.save()]);

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
