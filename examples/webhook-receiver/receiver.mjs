// Receives Tessera's webhooks with no framework: checks each delivery's signature with the SDK's verifyWebhook,
// drops duplicates by webhook-id, answers 204 at once and handles the event after.
//
//   npm run build -w @tessera/sdk          (once: the script uses the SDK's dist build)
//   TESSERA_WEBHOOK_SECRET=whsec_… PORT=4000 node examples/webhook-receiver/receiver.mjs
//
// Environment: TESSERA_WEBHOOK_SECRET (the endpoint's secret; during a rotation the new and the previous one,
// comma-separated), PORT (default 4000; 0 for any free port), HOST (default: every interface).
// Prints "listening on <port>" once it accepts deliveries.
import { createServer } from 'node:http';

/** Tessera's events are a few KB; a larger body is not one of them, and is not read into memory. */
const MAX_BODY_BYTES = 1024 * 1024;

/** @param {string} message */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The SDK as a Node script sees it: the package's dist build (not the TypeScript sources). */
async function loadSdk() {
  try {
    return await import('@tessera/sdk');
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code === 'ERR_MODULE_NOT_FOUND') fail('The SDK is not built yet. Run: npm run build -w @tessera/sdk');
    throw error;
  }
}

const { signWebhook, verifyWebhook, WebhookVerificationError } = await loadSdk();

const secrets = (process.env.TESSERA_WEBHOOK_SECRET ?? '')
  .split(',')
  .map((secret) => secret.trim())
  .filter(Boolean);
if (secrets.length === 0) fail('Set TESSERA_WEBHOOK_SECRET to the endpoint’s secret (whsec_…), as Tessera showed it when the endpoint was made.');
// A mistyped secret is found now, not as a refusal of every delivery.
for (const secret of secrets) await signWebhook(secret, 'check', 0, '').catch(() => fail('TESSERA_WEBHOOK_SECRET: a secret is "whsec_" followed by base64.'));

/**
 * The webhook-ids already handled. Tessera sends a delivery again when it got no 2xx in time (retries for about three
 * days) and when someone replays it from the delivery log, each time with the same webhook-id: the id is how a
 * receiver does a thing once. Here it is kept in memory (and forgotten on restart, and not shared between two
 * instances); a real receiver stores it with the effect of the event, in one transaction, for longer than Tessera may
 * send it again (the delivery log keeps 30 days).
 * @type {Set<string>}
 */
const seen = new Set();
const SEEN_LIMIT = 100_000;

/**
 * The raw body, as bytes: the signature covers them exactly, so nothing may parse or re-encode it first. `null` when
 * it is over MAX_BODY_BYTES.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<Uint8Array | null>}
 */
function readBody(request) {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return resolve(null);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Stop reading: the 413 closes the connection, so the rest is never downloaded.
      request.removeAllListeners('data');
      request.pause();
      resolve(null);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Runs after the 204: Tessera waits 10 seconds at most for an answer, and slow work would turn into retries. A real
 * receiver puts the event in a queue (or a table) before answering, so that a crash here does not lose it.
 * @param {string} id
 * @param {import('@tessera/sdk').WebhookEvent} event
 */
function handle(id, event) {
  switch (event.type) {
    case 'knowledge_check.response.completed':
      console.log(`${id} ${event.type}: ${event.data.member.email} scored ${event.data.score}% on "${event.data.knowledge_check.name}"`);
      break;
    case 'knowledge_check.assignment.overdue':
      console.log(`${id} ${event.type}: ${event.data.member.email} has not done "${event.data.knowledge_check.name}" (due ${event.data.due_date_time})`);
      break;
    case 'bioreq.document.decided':
      console.log(`${id} ${event.type}: document ${event.data.document_id} of ${event.data.member.email}: ${event.data.status}`);
      break;
    case 'member.joined':
    case 'member.suspended':
    case 'member.removed':
      console.log(`${id} ${event.type}: ${event.data.member.email} (${event.data.role}) in organization ${event.tenant_id}`);
      break;
    case 'procedure.completed':
      console.log(`${id} ${event.type}: ${event.data.member.email} completed the procedure of "${event.data.topic.name}"`);
      break;
    default:
      // An endpoint gets only the events it subscribed to; a type added to Tessera later is ignored until handled here.
      console.log(`${id} ${/** @type {{ type: string }} */ (event).type}: not handled`);
  }
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} [text]
 */
function answer(response, status, text) {
  response.writeHead(status, text ? { 'content-type': 'text/plain; charset=utf-8' } : {});
  response.end(text);
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function receive(request, response) {
  if (request.method !== 'POST') return answer(response, 405, 'POST only.\n');
  const body = await readBody(request);
  if (body === null) {
    response.setHeader('connection', 'close');
    return answer(response, 413, `A webhook body is at most ${MAX_BODY_BYTES} bytes.\n`);
  }

  let event;
  try {
    event = await verifyWebhook(secrets, request.headers, body);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    // The receiver's own configuration is wrong: a 5xx, so Tessera retries once it is fixed.
    if (error.reason === 'bad_secret') return answer(response, 500, 'Misconfigured receiver.\n');
    console.log(`refused (${error.reason}): ${error.message}`);
    return answer(response, 400, `${error.reason}\n`);
  }

  // verifyWebhook found the header, so it is there.
  const id = String(request.headers['webhook-id']);
  if (seen.has(id)) {
    console.log(`${id} duplicate: already handled`);
    return answer(response, 204);
  }
  seen.add(id);
  if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value ?? '');
  answer(response, 204);
  handle(id, event);
}

const server = createServer((request, response) => {
  receive(request, response).catch((error) => {
    console.error(error);
    // A 5xx (when the answer has not gone yet): Tessera sends the delivery again later.
    if (!response.headersSent) answer(response, 500, 'Internal error.\n');
    else response.destroy();
  });
});

server.listen(Number(process.env.PORT ?? 4000), process.env.HOST, () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`listening on ${address.port}`);
});
