import type { ReactNode } from 'react';
import { Collapse } from 'antd';
import type { CollapseSectionProps } from '../../generated/types.js';

/**
 * A section that opens and closes under its title. Its content is rendered while closed, so the
 * fields in it stay in the form: their values are read and sent like the others.
 */
export function CollapseSection({ title, defaultOpen = false, children }: CollapseSectionProps & { children?: ReactNode }) {
  return (
    <Collapse
      size="small"
      className="ipm-collapse-section"
      defaultActiveKey={defaultOpen ? ['section'] : []}
      items={[{ key: 'section', label: title, forceRender: true, children }]}
    />
  );
}
