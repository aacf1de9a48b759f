import { useMemo } from 'react';
import type { BrandMapNode, TagNodeSelectProps as DescribedProps } from '../../generated/types.js';
import { TreeSelectAll } from '../../runtime/components/treeSelectAll/TreeSelectAll.js';
import type { SelectableNode } from '../../runtime/components/treeSelectAll/treeSelection.js';
import { useBrandMaps } from './tagCalls.js';

export type TagNodeSelectProps = DescribedProps & {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
};

const toSelectable = (n: BrandMapNode): SelectableNode => ({ value: n.value, label: n.label, selectable: true, children: n.children.map(toSelectable) });

/** Tag nodes from the organisation's maps; a map's root only groups its nodes, it is never a tag. */
export function TagNodeSelect({ placeholder = '请选择标签', maxTagCount, value, onChange, disabled }: TagNodeSelectProps) {
  const { maps, isLoading } = useBrandMaps();
  const nodes = useMemo(
    () =>
      maps
        .filter((m) => m.map)
        .map((m): SelectableNode => ({ value: m.map!.value, label: m.name, selectable: false, children: m.map!.children.map(toSelectable) })),
    [maps],
  );
  return (
    <TreeSelectAll
      nodes={nodes}
      loading={isLoading}
      placeholder={placeholder}
      maxTagCount={maxTagCount}
      value={value ?? []}
      onChange={(next) => onChange?.(next.map(String))}
      disabled={disabled}
    />
  );
}
