import { createElement, forwardRef, memo, useEffect, useReducer, useRef, type ComponentType, type ReactElement } from 'react';
import { isVoidField, type GeneralField } from '@formily/core';
import { Tracker } from '@formily/reactive';
import { useField } from '@formily/react';

export interface FieldConnection<P> {
  /** The props with what the field adds or changes, as a new object (the given props are not to be changed), read under observation: the component re-renders when they change. */
  mapProps?: (props: P, field: GeneralField) => P;
  /** Shown instead of the component when the field's pattern is readPretty. */
  readPretty?: ComponentType<P>;
}

/** Components whose observed field state changed, re-rendered together once the current work is done. */
const stale = new Set<() => void>();

function renderStale(): void {
  const updates = [...stale];
  stale.clear();
  for (const update of updates) update();
}

/**
 * Renders `view` with the field state it reads observed, and renders again when that state
 * changes. The re-render waits for a microtask: a change made while React renders another
 * component (a field created or linked during the render) must not update this one meanwhile.
 * Formily's own observer does the same with about fifteen hooks, a promise per render and a
 * finalization registry entry per component; this one has three hooks.
 */
function useObservedView(view: () => ReactElement): ReactElement {
  const [, update] = useReducer((n: number) => n + 1, 0);
  const tracker = useRef<Tracker | null>(null);
  const makeTracker = () =>
    new Tracker(() => {
      if (stale.size === 0) queueMicrotask(renderStale);
      stale.add(update);
    });
  tracker.current ??= makeTracker();
  useEffect(() => {
    // Mounted again after an unmount (React's strict mode does this in development): observe anew.
    if (!tracker.current) {
      tracker.current = makeTracker();
      update();
    }
    return () => {
      tracker.current?.dispose();
      tracker.current = null;
    };
  }, []);
  return tracker.current.track(view);
}

/**
 * A form component bound to its Formily field in one observed layer. Formily's connect stacks a
 * forwarding component and one observer per mapper (mapProps, mapReadPretty); on a form of 300
 * fields those layers were a fifth of the components React mounts.
 */
export function connectField<P extends object>(target: ComponentType<P>, { mapProps, readPretty }: FieldConnection<P> = {}) {
  const Connected = forwardRef<unknown, P>((props, ref) => {
    const field = useField();
    return useObservedView(() => {
      const withRef = (ref ? { ...props, ref } : props) as P;
      if (readPretty && field && !isVoidField(field) && field.pattern === 'readPretty') return createElement(readPretty, withRef);
      return createElement(target, mapProps && field ? mapProps(withRef, field) : withRef);
    });
  });
  Connected.displayName = `Connected(${target.displayName ?? target.name ?? 'Component'})`;
  return memo(Connected);
}
