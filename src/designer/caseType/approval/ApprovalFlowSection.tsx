import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Typography } from 'antd';
import type { DesignerEditorContextResponse, SchemaProblem } from '../../../generated/types.js';
import { minimalFlow, type ApprovalFlow } from '../../../shared/approvalFlow/flowModel.js';
import { flowProblems, nodeText, readableFlow } from '../../../shared/approvalFlow/flowProblems.js';
import { formFields } from '../../../shared/approvalFlow/formFields.js';
import { useOperation } from '../../../runtime/useOperation.js';
import { describeProblem } from '../caseTypeProblems.js';
import type { SectionProps } from '../sectionProps.js';
import { FlowCanvas, type Selection } from './FlowCanvas.js';
import { FlowInspector } from './FlowInspector.js';
import { arrange, removeEdge, removeNode } from './flowEdits.js';
import type { PeopleNames } from './flowText.js';
import './approvalFlow.css';

interface ApprovalFlowSectionProps extends SectionProps {
  context: DesignerEditorContextResponse;
}

/** Keys pressed in a text field, a picker or a dialog are theirs, not the canvas's. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, [contenteditable], .ant-select, .ant-modal');

/** Which node or connector a problem's pointer names. */
function selectionAt(flow: ApprovalFlow, at: string): Selection {
  const match = /^\/approvalFlow\/(nodes|edges)\/(\d+)/.exec(at);
  if (!match) return null;
  const list = match[1] === 'nodes' ? flow.nodes : flow.edges;
  const item = list[Number(match[2])];
  return item ? { kind: match[1] === 'nodes' ? 'node' : 'edge', id: item.id } : null;
}

/**
 * 审批流程: the proposal's approval flow drawn on a canvas in the manner of the approval designers
 * companies know, with a side panel for the selected node or branch. Its problems (the same checks
 * the server makes on publish) are listed above it and outlined on the canvas as it is drawn.
 */
export function ApprovalFlowSection({ body, change, problems, context }: ApprovalFlowSectionProps) {
  const { modal } = App.useApp();
  const [selection, setSelection] = useState<Selection>(null);
  const [learnt, setLearnt] = useState<Map<number, string>>(new Map());
  const { data: departmentList } = useOperation('department.list', {});
  const flow = readableFlow(body.approvalFlow) ? body.approvalFlow : null;
  const fields = useMemo(() => formFields(body.form), [body.form]);
  const live = useMemo(() => (flow ? flowProblems(flow, new Set(fields.map((f) => f.name))) : []), [flow, fields]);

  const departments = useMemo(() => departmentList?.list ?? [], [departmentList]);
  const names: PeopleNames = useMemo(() => {
    const flat = new Map<number, string>();
    const walk = (list: typeof departments) =>
      list.forEach((d) => {
        flat.set(d.id, d.name);
        if (d.children) walk(d.children);
      });
    walk(departments);
    return {
      users: new Map([...context.users.map((u): [number, string] => [u.id, u.name]), ...learnt]),
      roles: new Map(context.roles.map((r) => [r.id, r.name])),
      departments: flat,
    };
  }, [context, departments, learnt]);

  const setFlow = useCallback((next: ApprovalFlow, coalesceKey?: string) => change({ approvalFlow: next }, coalesceKey), [change]);
  const remember = useCallback(
    (people: { id: number; name: string }[]) =>
      setLearnt((known) =>
        people.every((p) => known.get(p.id) === p.name) ? known : new Map([...known, ...people.map((p): [number, string] => [p.id, p.name])]),
      ),
    [],
  );

  // Delete removes what is selected wherever the focus is on the page (the canvas's cards and lines do not all hold focus).
  const removeRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'Delete' || e.key === 'Backspace') && !e.ctrlKey && !e.metaKey && !isTyping(e.target)) removeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!flow) {
    removeRef.current = () => undefined;
    return (
      <div className="ipm-case-section">
        <Empty description="还没有审批流程">
          <Button type="primary" onClick={() => setFlow(arrange(minimalFlow()))}>
            从“发起人 → 直属上级审批 → 结束”开始
          </Button>
        </Empty>
      </div>
    );
  }

  const remove = (target: NonNullable<Selection>) => {
    if (target.kind === 'edge') {
      setFlow(removeEdge(flow, target.id));
      setSelection(null);
      return;
    }
    const node = flow.nodes.find((n) => n.id === target.id);
    if (!node || node.type === 'start') return;
    modal.confirm({
      title: `删除${nodeText(node)}？`,
      content: '与它相连的连线一并删除；它前后只有一条连线时，前后两个节点直接相连。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        setFlow(removeNode(flow, node.id));
        setSelection(null);
      },
    });
  };

  // A selection undone away is dropped.
  const shown: Selection =
    selection && (selection.kind === 'node' ? flow.nodes.some((n) => n.id === selection.id) : flow.edges.some((e) => e.id === selection.id)) ? selection : null;
  removeRef.current = () => {
    if (shown) remove(shown);
  };

  return (
    <div className="ipm-case-section ipm-flow-section">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        提案提交后按这里画出的流程逐个节点审批，走到“结束”即审批通过。条件分支按提案表单中填写的内容选择分支。
      </Typography.Paragraph>
      <FlowProblemList problems={problems} onPick={(at) => setSelection(selectionAt(flow, at))} />
      <div className="ipm-flow-editor">
        <FlowCanvas flow={flow} problems={live} fields={fields} names={names} selection={shown} onSelect={setSelection} onChange={setFlow} />
        <FlowInspector
          flow={flow}
          selection={shown}
          problems={live}
          fields={fields}
          names={names}
          roles={context.roles}
          departments={departments}
          remember={remember}
          onChange={setFlow}
          onSelect={setSelection}
          onDelete={remove}
        />
      </div>
    </div>
  );
}

/** The section's problems, each a link to the node or branch it is about. */
function FlowProblemList({ problems, onPick }: { problems: SchemaProblem[]; onPick(at: string): void }) {
  if (problems.length === 0) {
    return <Alert type="success" showIcon className="ipm-case-problems" message="流程完整：每个分支都能走到结束，可以发布" />;
  }
  return (
    <Alert
      type="error"
      showIcon
      className="ipm-case-problems"
      message={`这一部分有 ${problems.length} 处问题，修正后才能发布`}
      description={
        <ul className="ipm-flow-problem-list">
          {problems.map((p, i) => (
            <li key={`${p.at}-${i}`}>
              <button type="button" className="ipm-flow-problem-link" onClick={() => onPick(p.at)}>
                {describeProblem(p)}
              </button>
            </li>
          ))}
        </ul>
      }
    />
  );
}
