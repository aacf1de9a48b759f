import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
let list: MediaQueryList | null | undefined;
// One list for the page, not a new one at each render.
const media = () => (list ??= typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(QUERY));

function subscribe(onChange: () => void): () => void {
  media()?.addEventListener('change', onChange);
  return () => media()?.removeEventListener('change', onChange);
}

/** Whether the person asked their system for less motion; antd's animations follow it. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
