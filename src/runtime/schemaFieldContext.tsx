import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { createSchemaField } from '@formily/react';
import type { ComponentName } from '../generated/components.js';

// Formily passes schema-driven props; each component accepts its own, so the map is loosely typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaComponent = ComponentType<any>;

/** Components a schema may name, keyed exactly as schemas/ write them. */
export type SchemaComponents = Partial<Record<ComponentName, SchemaComponent>>;

const makeSchemaField = (components: SchemaComponents) => createSchemaField({ components: components as Record<string, never> });
export type SchemaFieldComponent = ReturnType<typeof makeSchemaField>;

const SchemaFieldContext = createContext<SchemaFieldComponent | null>(null);
const ComponentsContext = createContext<SchemaComponents>({});

/**
 * Hands the runtime the components its schemas may name. The application's composition root gives
 * every one of them; the runtime itself imports none but its own blocks.
 */
export function SchemaComponentsProvider({ components, children }: { components: Record<ComponentName, SchemaComponent>; children: ReactNode }) {
  const schemaField = useMemo(() => makeSchemaField(components), [components]);
  return (
    <ComponentsContext.Provider value={components}>
      <SchemaFieldContext.Provider value={schemaField}>{children}</SchemaFieldContext.Provider>
    </ComponentsContext.Provider>
  );
}

/** The components given above, by name: what a page about to open can start loading. */
export function useSchemaComponents(): SchemaComponents {
  return useContext(ComponentsContext);
}

/**
 * The SchemaField knowing every given component. A block rendering a form of its own (a dialog, a
 * table row) takes it from here: Formily's FormProvider clears the schema contexts of the page's form.
 */
export function useSchemaField(): SchemaFieldComponent {
  const schemaField = useContext(SchemaFieldContext);
  if (!schemaField) throw new Error('SchemaComponentsProvider is missing above the schema being rendered');
  return schemaField;
}
