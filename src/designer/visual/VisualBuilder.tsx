import { useMemo, useState, type DragEvent } from 'react';
import { Collapse, Empty, Tag, Tree, Typography } from 'antd';
import type { ComponentDescription, DesignerEditorContextResponse, FormilyNode } from '../../generated/types.js';
import { insertNode, moveNode, nodeAt, outline, removeNode, renameNode, uniqueKey, updateNode, type NodePath } from './schemaTree.js';
import { PropertyPanel } from './PropertyPanel.js';
import type { PanelChoices } from './propertyPanel.js';

const COMPONENT_MIME = 'application/x-ipm-component';
const NODE_MIME = 'application/x-ipm-node';

export interface VisualBuilderProps {
  /** The Formily tree being built: a page's body or a form's schema. */
  root: FormilyNode;
  onChange(root: FormilyNode, coalesceKey?: string): void;
  context: DesignerEditorContextResponse;
  /** Which blocks the palette offers (all but decorators when not given): a case form offers fields and layout. */
  offers?: (component: ComponentDescription) => boolean;
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** A node accepts children when it is the root, an object, already has some, or its block is a container. */
function isContainer(node: FormilyNode, description: ComponentDescription | undefined): boolean {
  return node.type === 'object' || node.properties !== undefined || description?.example.properties !== undefined;
}

/**
 * Builds a page or form by dragging blocks from the palette onto the canvas, arranging them, and
 * setting each one's properties in a panel generated from its description. Keyboard users add a
 * block to the selected container with Enter on the palette item and move nodes with the panel's
 * arrows.
 */
export function VisualBuilder({ root, onChange, context, offers }: VisualBuilderProps) {
  const [selected, setSelected] = useState<NodePath | null>(null);
  const [selectionId, setSelectionId] = useState(0);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const byName = useMemo(() => new Map(context.components.map((c) => [c.name, c])), [context.components]);
  const groups = useMemo(() => {
    const out = new Map<string, ComponentDescription[]>();
    for (const c of context.components.filter((c) => c.kind !== 'decorator' && (offers?.(c) ?? true))) out.set(c.group, [...(out.get(c.group) ?? []), c]);
    return [...out];
  }, [context.components, offers]);

  const select = (path: NodePath | null) => {
    setSelected(path);
    setSelectionId((n) => n + 1);
  };
  const selectedNode = selected ? nodeAt(root, selected) : undefined;
  const descriptionOf = (node: FormilyNode | undefined) => (node?.['x-component'] ? byName.get(node['x-component']) : undefined);

  const addComponent = (name: string, parent: NodePath, index: number) => {
    const description = byName.get(name);
    if (!description) return;
    const container = nodeAt(root, parent) ?? root;
    const key = uniqueKey(container, lowerFirst(name));
    onChange(insertNode(root, parent, index, key, structuredClone(description.example)));
    select([...parent, key]);
  };

  const onDrop = (event: DragEvent, parent: NodePath, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    setDropTarget(null);
    const component = event.dataTransfer.getData(COMPONENT_MIME);
    if (component) return addComponent(component, parent, index);
    const moved = event.dataTransfer.getData(NODE_MIME);
    if (!moved) return;
    try {
      const from = JSON.parse(moved) as NodePath;
      onChange(moveNode(root, from, parent, index));
      select([...parent, from[from.length - 1]]);
    } catch {
      // Dropping a node into itself changes nothing.
    }
  };

  // A plain render function, not a component: the zone's element must survive the re-render a drag causes.
  const dropZone = (parent: NodePath, index: number) => {
    const id = `${parent.join('.')}#${index}`;
    return (
      <div
        key={`drop-${index}`}
        className={`ipm-designer-drop${dropTarget === id ? ' active' : ''}`}
        data-testid={`drop-${parent.join('.') || 'root'}-${index}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDropTarget(id);
        }}
        onDragLeave={() => setDropTarget((t) => (t === id ? null : t))}
        onDrop={(e) => onDrop(e, parent, index)}
      />
    );
  };

  const renderChildren = (node: FormilyNode, path: NodePath) => {
    const entries = Object.entries(node.properties ?? {});
    return (
      <div className="ipm-designer-children">
        {dropZone(path, 0)}
        {entries.map(([key, child], i) => (
          <div key={key}>
            {renderNode(key, child, [...path, key])}
            {dropZone(path, i + 1)}
          </div>
        ))}
      </div>
    );
  };

  const renderNode = (key: string, node: FormilyNode, path: NodePath) => {
    const description = descriptionOf(node);
    const isSelected = selected?.join('.') === path.join('.');
    return (
      <div
        className={`ipm-designer-node${isSelected ? ' selected' : ''}`}
        data-testid={`node-${path.join('.')}`}
        draggable
        tabIndex={0}
        onDragStart={(e) => {
          e.stopPropagation();
          e.dataTransfer.setData(NODE_MIME, JSON.stringify(path));
        }}
        onClick={(e) => {
          e.stopPropagation();
          select(path);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) select(path);
        }}
        onDragOver={(e) => isContainer(node, description) && e.preventDefault()}
        onDrop={(e) => isContainer(node, description) && onDrop(e, path, Object.keys(node.properties ?? {}).length)}
      >
        <div className="ipm-designer-node-head">
          <Tag color={node.type === 'void' ? 'default' : 'blue'}>{description?.title ?? node['x-component'] ?? node.type}</Tag>
          <Typography.Text code>{key}</Typography.Text>
          {node.title && <Typography.Text type="secondary">{node.title}</Typography.Text>}
          {typeof node['x-content'] === 'string' && <Typography.Text type="secondary">{node['x-content']}</Typography.Text>}
          {node['x-permission'] && <Tag color="orange">{node['x-permission']}</Tag>}
        </div>
        {isContainer(node, description) && renderChildren(node, path)}
      </div>
    );
  };

  const parentPath = selected?.slice(0, -1) ?? [];
  const siblings = Object.keys(nodeAt(root, parentPath)?.properties ?? {});
  const choices: PanelChoices = useMemo(
    () => ({
      operations: context.operations,
      permissions: context.permissions,
      siblings: Object.entries(nodeAt(root, parentPath)?.properties ?? {})
        .filter(([, n]) => n.type !== 'void')
        .map(([k]) => k),
      queries: Object.entries(root['x-queries'] ?? {}).map(([name, q]) => ({ name, title: q.title })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [context, selectionId],
  );
  // Where Enter on a palette item adds: inside the selected container, else after the selected node.
  const insertionPoint = (): [NodePath, number] => {
    if (!selected) return [[], Object.keys(root.properties ?? {}).length];
    const node = nodeAt(root, selected);
    if (node && isContainer(node, descriptionOf(node))) return [selected, Object.keys(node.properties ?? {}).length];
    return [parentPath, siblings.indexOf(selected[selected.length - 1]) + 1];
  };

  const treeData = useMemo(() => {
    type TreeNode = { key: string; title: string; children: TreeNode[] };
    const top: TreeNode[] = [];
    const index = new Map<string, TreeNode>();
    for (const entry of outline(root)) {
      const description = descriptionOf(entry.node);
      const item: TreeNode = {
        key: entry.path.join('.'),
        title: `${description?.title ?? entry.node.type ?? ''} ${entry.path[entry.path.length - 1]}`,
        children: [],
      };
      index.set(item.key, item);
      (entry.path.length === 1 ? top : index.get(entry.path.slice(0, -1).join('.'))!.children).push(item);
    }
    return top;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, byName]);

  return (
    <div className="ipm-designer-visual">
      <div className="ipm-designer-visual-palette">
        <div className="ipm-designer-palette" aria-label="构件面板">
          <Typography.Text type="secondary">拖到画布，或选中后按回车添加</Typography.Text>
          <Collapse
            size="small"
            defaultActiveKey={groups.map(([g]) => g)}
            items={groups.map(([group, list]) => ({
              key: group,
              label: group,
              children: list.map((c) => (
                <div
                  key={c.name}
                  className="ipm-designer-palette-item"
                  draggable
                  tabIndex={0}
                  role="button"
                  aria-label={`构件 ${c.title}`}
                  title={c.description}
                  onDragStart={(e) => e.dataTransfer.setData(COMPONENT_MIME, c.name)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') addComponent(c.name, ...insertionPoint());
                  }}
                >
                  {c.title}
                </div>
              )),
            }))}
          />
        </div>
      </div>
      <div className="ipm-designer-visual-canvas">
        <div className="ipm-designer-canvas" aria-label="画布" onClick={() => select(null)}>
          {Object.keys(root.properties ?? {}).length === 0 && <Empty description="把左侧的构件拖到这里" />}
          {renderChildren(root, [])}
        </div>
        <div className="ipm-designer-outline">
          <Typography.Text strong>大纲</Typography.Text>
          <Tree
            aria-label="大纲"
            blockNode
            defaultExpandAll
            selectedKeys={selected ? [selected.join('.')] : []}
            treeData={treeData}
            onSelect={(keys) => select(keys.length > 0 ? String(keys[0]).split('.') : null)}
          />
        </div>
      </div>
      <div className="ipm-designer-visual-panel">
        {selected && selectedNode ? (
          <PropertyPanel
            key={selectionId}
            selectionId={selectionId}
            nodeKey={selected[selected.length - 1]}
            node={selectedNode}
            description={descriptionOf(selectedNode)}
            choices={choices}
            siblingKeys={siblings.filter((k) => k !== selected[selected.length - 1])}
            onChange={(node, key, field) => {
              let next = updateNode(root, selected, node);
              const oldKey = selected[selected.length - 1];
              if (key !== oldKey) {
                next = renameNode(next, selected, key);
                setSelected([...parentPath, key]);
              }
              onChange(next, `panel:${selectionId}:${field}`);
            }}
            onRemove={() => {
              onChange(removeNode(root, selected));
              select(null);
            }}
            onMove={(offset) => {
              const index = siblings.indexOf(selected[selected.length - 1]) + offset;
              if (index < 0 || index >= siblings.length) return;
              onChange(moveNode(root, selected, parentPath, offset > 0 ? index + 1 : index));
            }}
          />
        ) : (
          <Empty description="选中画布上的节点，在这里设置它的属性" />
        )}
      </div>
    </div>
  );
}
