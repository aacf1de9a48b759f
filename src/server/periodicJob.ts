/**
 * Runs `run` every `intervalMs` inside the server, never two runs at once: a run that outlasts the
 * interval makes the next tick pass. The timer does not keep the process alive. Returns the stop,
 * which waits for a run under way. An interval of 0 or less never runs.
 */
export function startPeriodicJob(run: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
