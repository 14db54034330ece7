/**
 * Retries of idempotent calls answered 429 (rate limited) or 503 (unavailable: a deploy, a dependency down), for
 * scripts, which have nobody to press "try again": `createTesseraClient({ baseUrl, fetch: withRetries() })`. The
 * server's Retry-After is honoured; without one the waits grow (half a second, a second, … with jitter). A wait longer
 * than `maxDelayMs` is not waited out: the answer is returned as it is. A fetch wrapper a script opts into, rather
 * than a default: the portal and the widgets show a person the answer at once, and their bundles do not carry it.
 */
export interface RetryOptions {
  /** Sends in all, the first included (default 3). */
  attempts?: number;
  /** The longest single wait, in ms; a longer Retry-After returns the answer instead (default 10,000). */
  maxDelayMs?: number;
}

const RETRIED_STATUSES = new Set([429, 503]);
/** The methods HTTP defines as idempotent: sending one again has the effect of sending it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const FIRST_WAIT_MS = 500;

/** The wait before the next attempt, from Retry-After (seconds or an HTTP date), else exponential with jitter. */
function waitBefore(response: Response, attempt: number, maxDelayMs: number): number | undefined {
  const retryAfter = response.headers.get('Retry-After');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isNaN(ms)) return undefined;
    return ms > maxDelayMs ? undefined : Math.max(0, ms);
  }
  const exponential = FIRST_WAIT_MS * 2 ** (attempt - 1);
  return Math.min(maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** A fetch (by default the global one) with the retries above; a request that is not idempotent is sent once. */
export function withRetries(options: RetryOptions = {}, send: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)): typeof globalThis.fetch {
  const attempts = Math.max(1, options.attempts ?? 3);
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  return async (input, init) => {
    const request = new Request(input, init);
    if (!IDEMPOTENT_METHODS.has(request.method)) return send(request);
    for (let attempt = 1; ; attempt += 1) {
      // A copy for each send but the last: a body can be read once.
      const response = await send(attempt < attempts ? request.clone() : request);
      if (attempt >= attempts || !RETRIED_STATUSES.has(response.status)) return response;
      const wait = waitBefore(response, attempt, maxDelayMs);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
