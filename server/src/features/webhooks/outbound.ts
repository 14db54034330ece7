/**
 * Sending a webhook without server-side request forgery (ARCHITECTURE.md#webhooks). The host is resolved here and the
 * connection goes to the address that was checked (the lookup the socket uses is ours: a name cannot resolve to a
 * public address for the check and a private one for the connection). Private, loopback, link-local, shared,
 * documentation, multicast and cloud metadata addresses are refused unless the host is in ALLOWED_WEBHOOK_HOSTS.
 * Redirects are not followed (a 3xx is a failed attempt), the whole attempt has a deadline, and at most 64 KB of
 * the answer is read.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { webhookMessages } from '@tessera/sdk/rules';
import { isRefusedAddress } from '../../security/addresses.js';

/** The most of an endpoint's answer read (the rest is discarded with the connection). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** A URL's host as an address, without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  constructor() {
    super(webhookMessages.privateAddress);
  }
}

/** Whether `url`'s host is one ALLOWED_WEBHOOK_HOSTS names (http and private addresses are then allowed). */
function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(hostOf(url).toLowerCase());
}

/**
 * The addresses a host name resolves to that an endpoint may reach; a RefusedAddressError when it resolves to none
 * of those. Every answer is looked at (`all`): a name that also resolves to a private address keeps only the others.
 */
function resolvePublic(hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void): void {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const reachable = addresses.filter((entry) => !isRefusedAddress(entry.address));
    callback(reachable.length === 0 ? new RefusedAddressError() : null, reachable);
  });
}

/** The socket's lookup: only addresses resolvePublic kept, so the connection goes where the check looked. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolvePublic(hostname, (error, addresses) => {
    if (error) return callback(error as NodeJS.ErrnoException, '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    const first = wanted[0] ?? addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/**
 * Why an endpoint URL may not be used as it is written: http for a host not allowed, or an address literal that is
 * refused; undefined when it may. A host name is checked by resolving it (`checkResolvedHost`).
 */
export function urlProblem(url: URL, allowedHosts: readonly string[]): string | undefined {
  if (isAllowedHost(url, allowedHosts)) return undefined;
  if (url.protocol !== 'https:') return webhookMessages.https;
  const host = hostOf(url);
  if (isIP(host) !== 0 && isRefusedAddress(host)) return webhookMessages.privateAddress;
  return undefined;
}

/**
 * A host name's check at creation: refused when every address it resolves to is; accepted when it resolves to none
 * (the name may not exist yet: each delivery resolves it again and refuses then).
 */
export function resolvedHostProblem(url: URL, allowedHosts: readonly string[]): Promise<string | undefined> {
  const host = hostOf(url);
  if (isAllowedHost(url, allowedHosts) || isIP(host) !== 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    resolvePublic(host, (error) => resolve(error instanceof RefusedAddressError ? error.message : undefined));
  });
}

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowedHosts: readonly string[];
}

/** What an attempt got: the status (null without an answer) and, when it failed, why. */
export interface OutboundResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs a webhook; never throws: a refusal, a timeout or a network error is a result with its reason. */
export async function postWebhook(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const result = (statusCode: number | null, error: string | null): OutboundResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(request.url);
  const allowed = isAllowedHost(url, request.allowedHosts);
  const problem = urlProblem(url, request.allowedHosts);
  if (problem) return result(null, problem);
  try {
    const answer = await send(url, request, allowed);
    if (answer.statusCode >= 200 && answer.statusCode < 300) return result(answer.statusCode, null);
    const redirect = answer.statusCode >= 300 && answer.statusCode < 400 ? ' (redirects are not followed)' : '';
    return result(answer.statusCode, `The endpoint answered ${answer.statusCode}${redirect}.`);
  } catch (error) {
    return result(null, failureText(error, request.timeoutMs));
  }
}

class AttemptTimeout extends Error {}

function failureText(error: unknown, timeoutMs: number): string {
  if (error instanceof AttemptTimeout) return `No answer within ${timeoutMs / 1000} seconds.`;
  if (error instanceof RefusedAddressError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return webhookMessages.unresolvable;
  const message = error instanceof Error ? error.message : String(error);
  return (code ? `${code}: ${message}` : message).slice(0, 500);
}

function send(url: URL, request: OutboundRequest, allowedHost: boolean): Promise<{ statusCode: number }> {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(request.body);
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(body.length) },
      // An allowed host (a developer's receiver) may be private: the system's lookup then.
      ...(allowedHost ? {} : { lookup: guardedLookup }),
      agent: false,
    });
    const deadline = setTimeout(() => outgoing.destroy(new AttemptTimeout()), request.timeoutMs);
    const finish = (error: Error | null, statusCode?: number) => {
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve({ statusCode: statusCode! });
    };
    outgoing.on('error', (error) => finish(error));
    outgoing.on('response', (response: IncomingMessage) =>
      readCapped(
        response,
        () => finish(null, response.statusCode ?? 0),
        (error) => finish(error),
      ),
    );
    outgoing.end(body);
  });
}

/** Reads at most MAX_RESPONSE_BYTES of the answer, then lets the connection go (`agent: false`: nothing is reused). */
function readCapped(response: IncomingMessage, done: () => void, failed: (error: Error) => void): void {
  let read = 0;
  response.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read >= MAX_RESPONSE_BYTES) {
      response.removeAllListeners('data');
      response.destroy();
      done();
    }
  });
  response.on('end', done);
  response.on('error', failed);
}
