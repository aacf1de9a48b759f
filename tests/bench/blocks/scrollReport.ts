/** What scrolling the 10,000-row table from top to bottom measured. */
export interface ScrollReport {
  seconds: number;
  frames: number;
  /** Frames that took longer than one 60 Hz refresh. */
  slow: number;
  /** Refreshes missed in all: a 50 ms frame misses two. */
  dropped: number;
  worst: number;
  longTasks: number;
  longTaskMillis: number;
  /** The highest row number shown at the end: 10,000 when the bottom was reached. */
  lastRow: number;
}

declare global {
  interface Window {
    benchScroll?: (step: number) => Promise<ScrollReport>;
  }
}

const FRAME = 1000 / 60;
/** The scrolling table body: the generic table's windowed body, or antd's virtual list. */
export const SCROLL_BODY = '.ant-table-body, .ant-table-tbody-virtual-holder';

/** Scrolls the table body a step per frame to the bottom, timing every frame and long task. */
export async function scrollToBottom(step: number): Promise<ScrollReport> {
  const holder = document.querySelector<HTMLElement>(SCROLL_BODY);
  if (!holder) throw new Error('没有可滚动的表体');
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  const gaps: number[] = [];
  const started = performance.now();
  await new Promise<void>((resolve) => {
    let last = 0;
    const tick = (now: number) => {
      if (last) gaps.push(now - last);
      last = now;
      if (holder.scrollTop + holder.clientHeight >= holder.scrollHeight - 1) return resolve();
      holder.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const shown = [...document.querySelectorAll('.ant-table-row')]
    .map((row) => Number(row.querySelector('.ant-table-cell')?.textContent))
    .filter(Number.isFinite);
  return {
    seconds: (performance.now() - started) / 1000,
    frames: gaps.length,
    slow: gaps.filter((g) => g > FRAME + 0.5).length,
    dropped: gaps.reduce((n, g) => n + Math.max(0, Math.round(g / FRAME) - 1), 0),
    worst: Math.max(...gaps),
    longTasks: longTasks.length,
    longTaskMillis: longTasks.reduce((a, b) => a + b, 0),
    lastRow: Math.max(...shown),
  };
}
