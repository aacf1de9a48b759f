import { createContext, useContext, useRef } from 'react';

/** The path the navigation guard has let through, or null while it is still deciding. */
export const GuardContext = createContext<string | null>(null);

/**
 * True once the guard has let the current page through; it stays true for the life of the page,
 * so a kept-alive page is not torn down while the guard checks a return to it.
 */
export function usePassedGuard(): boolean {
  const passed = useContext(GuardContext) !== null;
  const once = useRef(false);
  if (passed) once.current = true;
  return once.current;
}
