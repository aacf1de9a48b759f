import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import './mobile.css';

export interface MobileFrameProps {
  title: string;
  /** The 返回 on the left; none when there is nowhere to go back to. */
  onBack?: () => void;
  /** What the fixed bar at the bottom holds; the page keeps room for it. */
  bar?: ReactNode;
  children: ReactNode;
}

/** A phone screen: the title bar on top, grouped sections, and an optional action bar fixed at the bottom. */
export function MobileFrame({ title, onBack, bar, children }: MobileFrameProps) {
  return (
    <div className={bar ? 'm-page m-with-bar' : 'm-page'} data-testid="mobile-page">
      <header className="m-navbar">
        <div className="m-navbar-side">
          {onBack && (
            <Button type="text" icon={<LeftOutlined />} onClick={onBack}>
              返回
            </Button>
          )}
        </div>
        <h1 className="m-navbar-title" style={{ margin: 0 }}>
          {title}
        </h1>
        <div className="m-navbar-side" />
      </header>
      <main>{children}</main>
      {bar && (
        <footer className="m-actionbar" data-testid="mobile-action-bar">
          {bar}
        </footer>
      )}
    </div>
  );
}

/** One white group of the screen, with its heading. */
export function MobileSection({ title, extra, children, testId }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="m-section" data-testid={testId}>
      {title && (
        <h2 className="m-section-title">
          <span>{title}</span>
          {extra}
        </h2>
      )}
      {children}
    </section>
  );
}

/** Whether the browser has a page of this site to go back to (the router counts its entries). */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}
