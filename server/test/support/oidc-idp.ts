/**
 * A real OpenID provider for the single sign-on tests and benchmark (oidc-provider, its own issuer on its own port):
 * confidential clients with Tessera's redirect URI, PKCE required, and an interaction that signs in whichever test
 * person `signInAs` chose, without a page. `Browser` plays the browser: it follows redirects by hand, keeping cookies.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdpPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** The provider refuses the sign-in (`access_denied` with this description) instead. */
  refusal?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second client of the same provider (another application, another audience). */
  otherClientId: string;
  otherClientSecret: string;
  provider: Provider;
  /** The person the next interaction signs in. */
  signInAs(person: IdpPerson): void;
  close(): Promise<void>;
}

export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const people = new Map<string, IdpPerson>();
  let next: IdpPerson | undefined;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (id: string) => ({
    client_id: id,
    client_secret: `${id}-secret-0123456789abcdef0123456789`,
    redirect_uris: [redirectUri],
    response_types: ['code'] as ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_post' as const,
  });
  const provider = new Provider(issuer, {
    clients: [client('tessera'), client('other-app')],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-idp-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const found = people.get(sub);
      return found ? { accountId: sub, claims: () => ({ ...found }) } : undefined;
    },
  });
  provider.use(async (ctx, nextMiddleware) => {
    if (!ctx.path.startsWith('/interaction/')) return nextMiddleware();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const person = next!;
    if (person.refusal) {
      const refused = { error: 'access_denied', error_description: person.refusal };
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, refused, { mergeWithLastSubmission: false }));
      return;
    }
    people.set(person.sub, person);
    const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    const url = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: person.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    ctx.redirect(url);
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: 'tessera',
    clientSecret: client('tessera').client_secret,
    otherClientId: 'other-app',
    otherClientSecret: client('other-app').client_secret,
    provider,
    signInAs(person) {
      next = person;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies and redirects, by hand. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }

  /** Follows redirects from `url` until one leads to `stopAt` (not fetched): that URL. */
  async follow(url: string, stopAt: string): Promise<string> {
    let current = url;
    for (let hop = 0; hop < 10; hop += 1) {
      if (current.startsWith(stopAt)) return current;
      const response = await this.get(current);
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${current}: ${response.status}`);
      current = new URL(location, current).href;
    }
    throw new Error('too many redirects');
  }
}
