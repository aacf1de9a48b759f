import { matchPath } from 'react-router-dom';
import type { PageDefinition } from '../../generated/types.js';

/** The page schema a path belongs to, or undefined (the 404 page). */
export function matchPage(pages: PageDefinition[], pathname: string): PageDefinition | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}
