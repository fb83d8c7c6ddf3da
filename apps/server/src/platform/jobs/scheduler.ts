/** Runs `job` shortly after start and then every `intervalMs`; returns a stop function. */
export function every(intervalMs: number, job: () => Promise<unknown>, onError: (error: unknown) => void) {
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
  const first = setTimeout(tick, 60_000).unref();
  const timer = setInterval(tick, intervalMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
