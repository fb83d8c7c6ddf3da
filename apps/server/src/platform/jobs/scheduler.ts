/** Runs `job` after `firstDelayMs`, then every `intervalMs` (never overlapping); returns a stop function. */
export function every(
  intervalMs: number,
  job: () => Promise<unknown>,
  onError: (error: unknown) => void,
  firstDelayMs = 60_000,
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, firstDelayMs).unref();
  const timer = setInterval(tick, intervalMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
