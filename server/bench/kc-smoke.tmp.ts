import { startBenchServer } from './support.js';
process.env.KC_BENCH_DATABASE = process.argv[2] ?? 'sqlite';
const t = performance.now();
const { child, message } = await startBenchServer<Record<string, unknown>>('./servers/kc.ts');
console.log(JSON.stringify({ ...message, scenarios: undefined, learner: message.learner ? 'yes' : null }, null, 1));
console.log('total s', ((performance.now() - t) / 1000).toFixed(1));
child.disconnect();
