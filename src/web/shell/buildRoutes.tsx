import { Navigate, type RouteObject } from 'react-router-dom';
import type { PageDefinition } from '../../generated/types.js';
import { GuardedOutlet } from './GuardedOutlet.js';
import { LazyShellLayout } from './LazyShellLayout.js';
import { SchemaPage } from './SchemaPage.js';
import { RuntimeProvider } from './RuntimeProvider.js';
import { ShellEffects } from './ShellEffects.js';

const NOT_FOUND_PATH = '/404';

function routeOf(page: PageDefinition): RouteObject {
  return {
    path: page.path,
    element: page.redirect ? <Navigate to={page.redirect} replace /> : <SchemaPage key={page.path} page={page} />,
  };
}

/** The router's table, built from the page schemas alone: a new page file is a new route. */
export function buildRoutes(pages: PageDefinition[]): RouteObject[] {
  const inShell = pages.filter((p) => (p.layout ?? 'shell') === 'shell' && !p.full);
  const standalone = pages.filter((p) => !inShell.includes(p));
  const notFound = pages.find((p) => p.path === NOT_FOUND_PATH);
  return [
    {
      element: (
        <RuntimeProvider>
          <ShellEffects />
          <GuardedOutlet pages={pages} />
        </RuntimeProvider>
      ),
      children: [
        ...standalone.map(routeOf),
        { element: <LazyShellLayout pages={pages} />, children: inShell.map(routeOf) },
        { path: '*', element: notFound ? <SchemaPage page={notFound} /> : <Navigate to="/" replace /> },
      ],
    },
  ];
}
