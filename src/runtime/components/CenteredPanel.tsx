import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import type { CenteredPanelProps as DescribedCenteredPanelProps } from '../../generated/types.js';

export type CenteredPanelProps = DescribedCenteredPanelProps & { children?: ReactNode };

/** A card centred on the page, for sign-in and other stand-alone pages. */
export function CenteredPanel({ title, subtitle, width = 400, children }: CenteredPanelProps) {
  return (
    <div className="ipm-centered-panel">
      <Card style={{ width: '100%', maxWidth: width }} variant="borderless">
        {title && (
          <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: subtitle ? 4 : 24 }}>
            {title}
          </Typography.Title>
        )}
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 24 }}>
            {subtitle}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </div>
  );
}
