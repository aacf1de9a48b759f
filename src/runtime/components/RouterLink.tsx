import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface RouterLinkProps {
  to: string;
  /** Opens in a new browser tab (spec: /mindMap). */
  newTab?: boolean;
  children?: ReactNode;
}

export function RouterLink({ to, newTab, children }: RouterLinkProps) {
  return newTab ? (
    <a href={to} target="_blank" rel="noreferrer">
      {children}
    </a>
  ) : (
    <Link to={to}>{children}</Link>
  );
}
