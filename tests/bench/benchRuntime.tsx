import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RuntimeContext, type RuntimeServices } from '../../src/runtime/runtimeContext.js';
import { ThemeProvider } from '../../src/web/theme/ThemeProvider.js';
import '../../src/web/shell/styles.css';

dayjs.locale('zh-cn');

/**
 * The runtime services of a bench page: the real providers of the shell, with operations answered
 * from memory so the numbers are the renderer's and not the network's.
 */
export function BenchRuntime({ children, operations }: { children: ReactNode; operations: Record<string, (body: Record<string, unknown>) => unknown> }) {
  const services: RuntimeServices = {
    user: null,
    permissions: new Set(['bench']),
    navigate: () => undefined,
    query: new URLSearchParams(),
    callOperation: async <Res,>(id: string, body: unknown) => {
      const answer = operations[id];
      if (!answer) throw new Error(`no bench operation ${id}`);
      return answer(body as Record<string, unknown>) as Res;
    },
    notify: () => undefined,
  };
  return (
    <ThemeProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <RuntimeContext.Provider value={services}>{children}</RuntimeContext.Provider>
      </SWRConfig>
    </ThemeProvider>
  );
}

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
