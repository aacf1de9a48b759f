import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RouterLinkProps as DescribedRouterLinkProps } from '../../generated/types.js';

export type RouterLinkProps = DescribedRouterLinkProps & { children?: ReactNode };

export function RouterLink({ to, newTab, children }: RouterLinkProps) {
  return newTab ? (
    <a href={to} target="_blank" rel="noreferrer">
      {children}
    </a>
  ) : (
    <Link to={to}>{children}</Link>
  );
}
