/** The first-render clock shared by every bench page, ours and the other libraries' alike; it loads no styles of its own. */
declare global {
  interface Window {
    /** Set by a bench page once its code is loaded: starts the measured render. */
    benchRender?: () => void;
    /** Set by a bench page: milliseconds from the render call to the first frame showing the content. */
    benchFirstRender?: number;
  }
}

/**
 * Waits for the runner to call `benchRender()` (so loading the code is not counted), then starts
 * the clock, renders, and records the first frame in which `ready()` holds.
 */
export function timeFirstRender(render: () => void, ready: () => boolean): void {
  window.benchRender = () => renderAndTime(render, ready);
}

function renderAndTime(render: () => void, ready: () => boolean): void {
  const started = performance.now();
  render();
  const check = () => {
    if (!ready()) {
      requestAnimationFrame(check);
      return;
    }
    // The frame after the one that found the content has painted it.
    requestAnimationFrame(() => {
      window.benchFirstRender = performance.now() - started;
    });
  };
  requestAnimationFrame(check);
}
