import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RuntimeContext, type RuntimeServices } from '../../src/runtime/runtimeContext.js';
import { ThemeProvider } from '../../src/web/theme/ThemeProvider.js';
import { SchemaComponentsProvider } from '../../src/runtime/schemaFieldContext.js';
import { schemaComponents, tableExtraColumns } from '../../src/web/schemaComponents.js';
import { ExtraColumnsProvider } from '../../src/runtime/blocks/table/extraColumns.js';
import '../../src/web/shell/styles.css';

dayjs.locale('zh-cn');

/**
 * The runtime services of a bench page: the real providers of the shell, with operations answered
 * from memory so the numbers are the renderer's and not the network's.
 */
export function BenchRuntime({ children, operations }: { children: ReactNode; operations: Record<string, (body: Record<string, unknown>) => unknown> }) {
  const answer = async (id: string, body: unknown) => {
    const reply = operations[id];
    if (!reply) throw new Error(`no bench operation ${id}`);
    return reply(body as Record<string, unknown>);
  };
  const services: RuntimeServices = {
    user: null,
    permissions: new Set(['bench']),
    navigate: () => undefined,
    query: new URLSearchParams(),
    callOperation: answer as RuntimeServices['callOperation'],
    callNamedOperation: answer as RuntimeServices['callNamedOperation'],
    notify: () => undefined,
  };
  return (
    <ThemeProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <RuntimeContext.Provider value={services}>
          <SchemaComponentsProvider components={schemaComponents}>
            <ExtraColumnsProvider value={tableExtraColumns}>{children}</ExtraColumnsProvider>
          </SchemaComponentsProvider>
        </RuntimeContext.Provider>
      </SWRConfig>
    </ThemeProvider>
  );
}
