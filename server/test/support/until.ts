/** Waits until `test` holds, checking every 50 ms; throws, naming `what`, once `timeoutMs` has passed. */
export async function until(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
