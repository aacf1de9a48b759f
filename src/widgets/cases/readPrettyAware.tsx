import type { ComponentType } from 'react';
import { useField } from '@formily/react';

/**
 * A field widget that shows its read-only view in a read-pretty form too (a filed case's page):
 * Formily hands such widgets only `disabled` there, which would draw a greyed-out editor.
 */
export function readPrettyAware<P extends { readOnly?: boolean }>(Widget: ComponentType<P>): ComponentType<P> {
  function ReadPrettyAware(props: P) {
    const field = useField() as { pattern?: string } | null;
    return <Widget {...props} readOnly={props.readOnly || field?.pattern === 'readPretty'} />;
  }
  ReadPrettyAware.displayName = `ReadPrettyAware(${Widget.displayName ?? Widget.name})`;
  return ReadPrettyAware;
}
