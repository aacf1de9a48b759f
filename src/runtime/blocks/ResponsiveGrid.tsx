import { useSyncExternalStore } from 'react';
import { RecursionField, useFieldSchema } from '@formily/react';
import type { ResponsiveGridProps } from '../../generated/types.js';
import { breakpointOf, columnsAt } from './gridBreakpoints.js';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const viewportWidth = () => window.innerWidth;

/** Children flow into equal columns whose count follows the viewport's breakpoint (spec 001 §9). */
export function ResponsiveGrid({ columns, gap = 16 }: ResponsiveGridProps) {
  const schema = useFieldSchema();
  const width = useSyncExternalStore(subscribe, viewportWidth, () => 1200);
  const count = columnsAt(width, columns);
  return (
    <div
      className="ipm-responsive-grid"
      data-breakpoint={breakpointOf(width)}
      data-columns={count}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))`, gap }}
    >
      {schema.mapProperties((property, name) => (
        <div key={name} className="ipm-responsive-grid-item">
          <RecursionField name={name} schema={property} />
        </div>
      ))}
    </div>
  );
}
