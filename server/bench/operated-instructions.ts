/**
 * The metrics-overhead budget (issue 34) counted in instructions: the plain and the operated Tessera of
 * servers/tessera.ts in one process run under valgrind's callgrind, which counts the instructions the process runs
 * (every thread), whatever else the machine is doing. CPU time on this machine scatters between two windows of the
 * same app by as much as the budget allows (bench/run.ts prints that figure and its A/A ratio beside this one); an
 * instruction count of the same work repeats.
 *
 * Counting starts after a warm-up (callgrind's `--instr-atstart=no`, then `callgrind_control -i on`). Each window
 * zeroes the counters, sends `REQUESTS` requests to one app and dumps the count. Rounds of four windows, ABBA as in
 * bench/run.ts. A window that a major garbage collection or a batch of recompilation falls in counts up to four
 * times the others: the heap and the compiler are shared by both apps and their work comes when it comes, and it
 * only ever adds. So a round compares each app's smaller window (the one nothing fell in, as a rule), and the
 * figure is the median of the rounds' ratios (a round where both windows of one app caught such work is far off,
 * and the median leaves it out). The count of a window creeps up over a run, by as much as a quarter, as the heap
 * fills: a round's four windows are close enough in time for that to cancel.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { accessToken, median } from './support.js';

/** Requests a window, rounds of four windows, and the connections of the load (as bench/run.ts's overhead). */
const REQUESTS = Number(process.env.BENCH_INSTRUCTION_REQUESTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_INSTRUCTION_ROUNDS ?? 6);
const CONNECTIONS = 8;
/** Requests to each app before counting starts, in three turns. */
const WARM_UP_REQUESTS = Number(process.env.BENCH_INSTRUCTION_WARM_UP ?? 5000);

export interface InstructionOverhead {
  /** The median of the rounds' ratios: the operated app's smaller window over the plain app's, instructions a request. */
  ratio: number;
  /** Each round's ratio. */
  rounds: number[];
  /** Every window's instructions a request, in the order they ran. */
  windows: { app: App; perRequest: number }[];
}

type App = 'plain' | 'operated';

interface Started {
  url: string;
  operatedUrl: string;
  email: string;
  password: string;
}

export function valgrindAvailable(): boolean {
  try {
    execFileSync('callgrind_control', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function startUnderCallgrind(dumps: string): Promise<{ child: ChildProcess; started: Started }> {
  const child = fork(fileURLToPath(new URL('./servers/tessera.ts', import.meta.url)), [], {
    execPath: 'valgrind',
    execArgv: [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes the code it runs: valgrind must notice code changed in memory that no file backs.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${join(dumps, 'callgrind.out')}`,
      '--log-file=/dev/null',
      process.execPath,
      '--import',
      'tsx',
      '--conditions=tessera-source',
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, started: message as Started }));
    child.once('exit', (code) => reject(new Error(`servers/tessera.ts under callgrind exited with ${code}`)));
  });
}

/** The instructions counted since the last zeroing, from the dump `callgrind_control -d` writes. */
function dumpedInstructions(pid: number, dumps: string): number {
  execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
  const [file] = readdirSync(dumps).filter((name) => name.startsWith('callgrind.out.'));
  const text = readFileSync(join(dumps, file), 'utf8');
  rmSync(join(dumps, file));
  const totals = /^(?:totals|summary): (\d+)/m.exec(text);
  if (!totals) throw new Error(`no total in callgrind's dump ${file}`);
  return Number(totals[1]);
}

export async function measureInstructionOverhead(): Promise<InstructionOverhead> {
  const dumps = mkdtempSync(join(tmpdir(), 'tessera-callgrind-'));
  const { child, started } = await startUnderCallgrind(dumps);
  const pid = child.pid as number;
  try {
    const tokens = {
      plain: await accessToken(started.url, started.email, started.password),
      operated: await accessToken(started.operatedUrl, started.email, started.password),
    };
    const urls = { plain: started.url, operated: started.operatedUrl };
    const load = async (app: App, amount: number) => {
      const result = await autocannon({
        url: `${urls[app]}/api/users/me`,
        connections: CONNECTIONS,
        amount,
        headers: { Authorization: `Bearer ${tokens[app]}` },
      });
      if (result.non2xx || result.errors) throw new Error(`${app}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      return result.requests.total;
    };
    // Warm-up, not counted (and run at valgrind's faster pace while nothing is instrumented): the code of both apps optimized.
    for (let turn = 0; turn < 3; turn += 1) for (const app of ['plain', 'operated'] as const) await load(app, WARM_UP_REQUESTS);
    execFileSync('callgrind_control', ['-i', 'on', String(pid)], { stdio: 'ignore' });
    const windows: InstructionOverhead['windows'] = [];
    const rounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: App[] = round % 2 === 0 ? ['operated', 'plain', 'plain', 'operated'] : ['plain', 'operated', 'operated', 'plain'];
      const counted: InstructionOverhead['windows'] = [];
      for (const app of order) {
        execFileSync('callgrind_control', ['-z', String(pid)], { stdio: 'ignore' });
        const requests = await load(app, REQUESTS);
        counted.push({ app, perRequest: dumpedInstructions(pid, dumps) / requests });
      }
      const smaller = (app: App) => Math.min(...counted.filter((window) => window.app === app).map((window) => window.perRequest));
      rounds.push(smaller('operated') / smaller('plain'));
      windows.push(...counted);
    }
    return { ratio: median(rounds), rounds, windows };
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dumps, { recursive: true, force: true });
  }
}

// `npx tsx --conditions=tessera-source bench/operated-instructions.ts` runs this measurement alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureInstructionOverhead();
  console.log(describeInstructionOverhead(result));
}

/** The figure, each round's, and the windows', for bench/run.ts's budget line. */
export function describeInstructionOverhead({ ratio, rounds, windows }: InstructionOverhead): string {
  const percent = (value: number) => `${value >= 1 ? '+' : ''}${((value - 1) * 100).toFixed(1)}%`;
  const perRequest = windows.map(({ app, perRequest: count }) => `${app === 'plain' ? 'P' : 'O'} ${(count / 1000).toFixed(0)}k`);
  return `${percent(ratio)} in instructions (median of ${rounds.length} rounds: ${rounds.map(percent).join(', ')}; windows: ${perRequest.join(' ')})`;
}
