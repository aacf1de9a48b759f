import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { BrandMapNode } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';

/** The organisation's maps with their trees, shared by the drawer, the tag cells and the graph. */
export function useBrandMaps(enabled = true) {
  const { data, isLoading, mutate } = useOperation('brandLabels.mapList', enabled ? { format: 1 } : null);
  return { maps: data?.list ?? [], isLoading, reload: mutate };
}

/** Re-fetches every cached reply of the named operations (e.g. the archive list after tagging). */
export function useRefreshOperations(operations: readonly string[]) {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && operations.includes(key[0] as string)), [mutate, operations]);
}

/** An antd tree item for a map node. */
export interface TreeItem {
  key: string;
  title: string;
  node: BrandMapNode;
  isRoot: boolean;
  children: TreeItem[];
}

export function toTreeItems(root: BrandMapNode): TreeItem[] {
  const convert = (n: BrandMapNode, isRoot: boolean): TreeItem => ({
    key: n.value,
    title: n.label,
    node: n,
    isRoot,
    children: n.children.map((c) => convert(c, false)),
  });
  return [convert(root, true)];
}
