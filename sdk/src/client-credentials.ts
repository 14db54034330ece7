/** An integration client's credentials (a service account of one organization; the secret is shown once when it is made). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** HTTP Basic client authentication (RFC 6749 2.3.1: each part form-urlencoded first). */
export function clientCredentialsAuthorization({ clientId, clientSecret }: ClientCredentials): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  const pair = `${encode(clientId)}:${encode(clientSecret)}`;
  // ASCII once encoded, so btoa (browsers and Node 16+) takes it.
  return `Basic ${btoa(pair)}`;
}
