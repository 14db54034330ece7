/**
 * A bounded queue for costly work that runs off the event loop (argon2 hashing, image decoding): at most `limit`
 * tasks at once, the others wait in arrival order. Without it a burst of such requests takes every core (and
 * the memory of every task at once) and the event loop's own answers wait behind them.
 */
export type LimitedRunner = <T>(task: () => Promise<T>) => Promise<T>;

export function limitConcurrency(limit: number): LimitedRunner {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
