import { createElement, type ComponentType } from 'react';
import { isVoidField, type GeneralField } from '@formily/core';
import { observer, useField } from '@formily/react';

export interface FieldConnection<P> {
  /** Props the field adds or changes, read under observation: the component re-renders when they change. */
  mapProps?: (props: P, field: GeneralField) => P;
  /** Shown instead of the component when the field's pattern is readPretty. */
  readPretty?: ComponentType<P>;
}

/**
 * A form component bound to its Formily field in one observed layer. Formily's connect stacks a
 * forwarding component and one observer per mapper (mapProps, mapReadPretty); on a form of 300
 * fields those layers were a fifth of the components React mounts.
 */
export function connectField<P extends object>(target: ComponentType<P>, { mapProps, readPretty }: FieldConnection<P> = {}) {
  return observer(
    (props: P) => {
      const field = useField();
      if (readPretty && field && !isVoidField(field) && field.pattern === 'readPretty') return createElement(readPretty, props);
      return createElement(target, mapProps && field ? mapProps({ ...props }, field) : props);
    },
    { forwardRef: true },
  );
}
