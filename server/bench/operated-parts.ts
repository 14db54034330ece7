/**
 * What each part an operated server adds to a request costs, measured directly (issue 34): the request id, the
 * metrics' `requestFinished` and the access line, each called as the request pipeline calls them (the access line
 * into a real pino stream on /dev/null, several requests finishing in each turn of the event loop, as under load).
 * CPU time of this process over many calls. The end-to-end figure (`measureOverhead` in run.ts) compares two whole
 * servers and moves with the machine by about the 5% it checks; these parts move less, and their sum against the
 * plain server's CPU per request is the least the operated one costs (the garbage they leave, the log's writes to
 * its file and the request's close listener come on top).
 */
import { randomUUID } from 'node:crypto';
import { accessLineWriter } from '../src/http/access-log.js';
import { createMetrics } from '../src/http/metrics.js';
import { createLogger } from '../src/logger.js';

const REQUESTS = 200_000;
/** Requests finishing in one turn of the event loop (about what 50 connections on two cores give). */
const PER_TURN = 8;

export interface OperatedParts {
  requestId: number;
  metrics: number;
  accessLine: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Microseconds of CPU a call of `part`, in one synchronous loop: for the parts whose work ends with the call. */
function cpuPerCall(part: (index: number) => void): number {
  for (let index = 0; index < REQUESTS / 10; index += 1) part(index); // warm-up (JIT)
  const before = process.cpuUsage();
  for (let index = 0; index < REQUESTS; index += 1) part(index);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

/**
 * Microseconds of CPU a call of `part`, called PER_TURN times a turn of the event loop, as the access log is under
 * load (its blocks and the log's asynchronous writes then interleave with the turns), less the CPU of the same turns
 * without it.
 */
async function cpuPerCallInTurns(part: (index: number) => void): Promise<number> {
  const turns = async (call: (index: number) => void) => {
    const before = process.cpuUsage();
    for (let index = 0; index < REQUESTS; index += 1) {
      call(index);
      if (index % PER_TURN === PER_TURN - 1) await nextTurn();
    }
    await nextTurn();
    const used = process.cpuUsage(before);
    return used.user + used.system;
  };
  await turns(part); // warm-up (JIT)
  const empty = await turns(() => undefined);
  return Math.max(0, (await turns(part)) - empty) / REQUESTS;
}

export async function measureOperatedParts(): Promise<OperatedParts> {
  const metrics = createMetrics();
  const writeAccessLine = accessLineWriter(createLogger({ logLevel: 'info', logFormat: 'json' }, '/dev/null'));
  if (!writeAccessLine) throw new Error('the access log is off at level info');
  const routes = ['/api/users/me', '/api/tenants/:tenantId/modules', '/api/version'];
  // As requests vary: their ids, durations (0.3 to 5.5 ms), and whether they name an organization.
  const ids = Array.from({ length: 64 }, () => randomUUID());
  const milliseconds = (index: number) => ((index * 7) % 53) / 10 + 0.3;
  return {
    requestId: cpuPerCall(() => void randomUUID()),
    metrics: cpuPerCall((index) => metrics.requestFinished('GET', routes[index % routes.length], 200, milliseconds(index) / 1000)),
    accessLine: await cpuPerCallInTurns((index) =>
      writeAccessLine({
        requestId: ids[index % ids.length],
        method: 'GET',
        route: routes[index % routes.length],
        status: 200,
        ms: milliseconds(index),
        endedAt: performance.now(),
        bytes: 412,
        aborted: false,
        tenantId: index % 2 === 0 ? null : ids[(index + 3) % ids.length],
        accountId: ids[(index + 7) % ids.length],
      }),
    ),
  };
}
