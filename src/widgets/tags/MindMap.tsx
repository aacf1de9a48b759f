import { useState, type ReactNode } from 'react';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import type { BrandMapNode } from '../../generated/types.js';
import { foldedAtFirstView } from '../../shared/brandMapTree.js';
import { useReadableFill } from '../../runtime/appearance.js';
import './mindMap.css';

interface MindMapProps {
  root: BrandMapNode;
  color: string;
  /** The map's accessible name. */
  label: string;
  selected: string | null;
  onSelect: (nodeId: string) => void;
  /** The number shown after a node's name (the graph's mark count); none while it is not known. */
  countOf?: (node: BrandMapNode) => number | undefined;
}

/**
 * A knowledge map drawn as a mind map: the root on the left, each level to the right of its parent,
 * joined by lines. Every node is a button (Tab and Enter reach it); a node with children has a toggle
 * to fold its branch.
 */
export function MindMap({ root, color, label, selected, onSelect, countOf }: MindMapProps) {
  const [folded, setFolded] = useState(() => foldedAtFirstView(root));
  // The map's colour as a fill with readable text: the root node and the counts.
  const rootFill = useReadableFill(color);
  const toggle = (id: string) =>
    setFolded((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const branch = (node: BrandMapNode, depth: number): ReactNode => {
    const open = !folded.has(node.value);
    const hasChildren = node.children.length > 0;
    const count = countOf?.(node);
    return (
      <li key={node.value} className="ipm-mind-branch">
        <div className="ipm-mind-node-row">
          <button
            type="button"
            className={`ipm-mind-node ipm-brand-graph-node${depth === 0 ? ' is-root' : ''}${selected === node.value ? ' is-selected' : ''}`}
            data-node={node.value}
            data-count={count}
            aria-pressed={selected === node.value}
            onClick={() => onSelect(node.value)}
          >
            <span className="ipm-mind-node-label">{node.label}</span>
            {count !== undefined && (
              <Badge
                className="ipm-brand-graph-count"
                count={count}
                showZero
                overflowCount={99999}
                // On the root's filled background the count is drawn the other way round.
                color={depth === 0 ? rootFill?.color : rootFill?.background}
                style={{ color: depth === 0 ? rootFill?.background : rootFill?.color }}
                title={`${count} 个商标`}
              />
            )}
          </button>
          {hasChildren && (
            <button
              type="button"
              className="ipm-mind-toggle"
              aria-expanded={open}
              aria-label={`${open ? '收起' : '展开'}“${node.label}”的下级`}
              title={open ? '收起' : `展开（${node.children.length} 个下级）`}
              onClick={() => toggle(node.value)}
            >
              {open ? <MinusOutlined /> : <PlusOutlined />}
            </button>
          )}
        </div>
        {hasChildren && open && <ul className="ipm-mind-children">{node.children.map((child) => branch(child, depth + 1))}</ul>}
      </li>
    );
  };

  return (
    <div
      className="ipm-mind-map"
      style={{ ['--ipm-mind-color' as string]: color, ['--ipm-mind-root' as string]: rootFill?.background, ['--ipm-mind-root-ink' as string]: rootFill?.color }}
      aria-label={label}
      role="group"
    >
      <ul className="ipm-mind-top">{branch(root, 0)}</ul>
    </div>
  );
}
