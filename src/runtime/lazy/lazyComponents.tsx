import { useEffect, useReducer, useState, type ComponentProps, type ReactNode } from 'react';
import { Skeleton, Spin } from 'antd';
import type { SchemaComponent } from '../schemaFieldContext.js';

/** A chunk of code loaded on first use. */
export interface LazyModule<T> {
  /** Starts loading it (once); settles when it is there. */
  load(): Promise<T>;
  /**
   * The chunk, once loaded (at once on every use after that), null until then; nothing is loaded
   * while `wanted` is false. A chunk that will not load fails the component using it.
   */
  useLoaded(wanted?: boolean): T | null;
}

/** `load` (a dynamic import) as a chunk loaded once, on first use, for every component that uses it. */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const once = () =>
    (loading ??= load().then(
      (chunk) => (loaded = chunk),
      (error: unknown) => {
        // Not remembered: the next use tries again.
        loading = undefined;
        throw error;
      },
    ));
  return {
    load: once,
    useLoaded(wanted = true) {
      const [, loadedNow] = useReducer((n: number) => n + 1, 0);
      const [failure, setFailure] = useState<{ error: unknown } | null>(null);
      const shown = wanted ? (loaded ?? null) : null;
      useEffect(() => {
        // Also when it arrived between this render and now: the promise, settled, redraws at once.
        if (!wanted || shown) return;
        let live = true;
        once().then(
          () => live && loadedNow(),
          (error: unknown) => live && setFailure({ error }),
        );
        return () => {
          live = false;
        };
      }, [wanted, shown]);
      if (failure) throw failure.error;
      return shown;
    },
  };
}

/** What stands in a component's place while its code loads: a block's skeleton, a field's, a small spinner in a line, or nothing. */
export type Placeholder = 'block' | 'field' | 'inline' | 'none';

const PLACEHOLDERS: Record<Placeholder, ReactNode> = {
  block: <Skeleton active paragraph={{ rows: 3 }} />,
  field: <Skeleton.Input active block size="small" />,
  inline: <Spin size="small" />,
  none: null,
};

/** How to load each lazy stand-in's chunk, so a page can ask for all of its chunks at once. */
const loaders = new WeakMap<SchemaComponent, () => Promise<unknown>>();

/**
 * The components of one chunk as stand-ins of the same names: the first one rendered loads the
 * chunk for all of them, showing its placeholder meanwhile; once loaded they render the real
 * component straight away. Every component the chunk gives is named with its placeholder, so one
 * added to the chunk but not here fails the type check.
 */
export function lazyComponents<T extends Record<string, SchemaComponent>>(
  load: () => Promise<T>,
  placeholders: { [K in keyof T]-?: Placeholder },
): { [K in keyof T]: SchemaComponent } {
  const chunk = lazyModule(load);
  const out: Record<string, SchemaComponent> = {};
  for (const [name, placeholder] of Object.entries(placeholders) as [string, Placeholder][]) {
    const Standin = (props: ComponentProps<SchemaComponent>) => {
      const Loaded = chunk.useLoaded()?.[name];
      return Loaded ? <Loaded {...props} /> : PLACEHOLDERS[placeholder];
    };
    Standin.displayName = name;
    loaders.set(Standin, chunk.load);
    out[name] = Standin;
  }
  return out as { [K in keyof T]: SchemaComponent };
}

/**
 * Starts loading the chunks of every lazy component a schema names, props' nested schemas included,
 * so a page's chunks load together (and beside its guard's calls) rather than one after another as
 * they render. Settles once all are there; a chunk that fails here fails again, visibly, when its
 * component renders.
 */
export function preloadSchemaComponents(schema: unknown, components: Readonly<Record<string, SchemaComponent | undefined>>): Promise<void> {
  const loads = [...componentNamesIn(schema)].map((name) => {
    const component = components[name];
    return component && loaders.get(component)?.();
  });
  return Promise.all(loads.map((load) => load?.catch(() => undefined))).then(() => undefined);
}

/** The component names a schema uses anywhere in it. */
function componentNamesIn(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) componentNamesIn(item, names);
  } else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if ((key === 'x-component' || key === 'x-decorator') && typeof value === 'string') names.add(value);
      else componentNamesIn(value, names);
    }
  }
  return names;
}
