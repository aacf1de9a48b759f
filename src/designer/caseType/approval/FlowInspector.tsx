import { Alert, Button, Form, Input, InputNumber, Radio, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Department } from '../../../generated/types.js';
import type { ApprovalFlow, ApproverRule, FlowEdge, FlowNode } from '../../../shared/approvalFlow/flowModel.js';
import type { FlowProblem } from '../../../shared/approvalFlow/flowProblems.js';
import type { FormField } from '../../../shared/approvalFlow/formFields.js';
import { ConditionsEditor } from './ConditionsEditor.js';
import { branchesOf, moveBranch, setDefaultBranch, updateEdge, updateNode } from './flowEdits.js';
import { conditionsText, type PeopleNames } from './flowText.js';
import { PeoplePicker } from './PeoplePicker.js';
import type { Selection } from './FlowCanvas.js';

interface FlowInspectorProps {
  flow: ApprovalFlow;
  selection: Selection;
  problems: FlowProblem[];
  fields: FormField[];
  names: PeopleNames;
  roles: { id: number; name: string }[];
  departments: Department[];
  remember(people: { id: number; name: string }[]): void;
  onChange(flow: ApprovalFlow, coalesceKey?: string): void;
  onSelect(selection: Selection): void;
  onDelete(selection: NonNullable<Selection>): void;
}

const TITLES: Record<FlowNode['type'], string> = { start: '发起人', approver: '审批人设置', copy: '抄送人设置', condition: '条件分支', end: '结束' };

/** The side panel of the flow editor: what the selected node or connector does, edited in place. */
export function FlowInspector(props: FlowInspectorProps) {
  const { flow, selection } = props;
  const node = selection?.kind === 'node' ? flow.nodes.find((n) => n.id === selection.id) : undefined;
  const edge = selection?.kind === 'edge' ? flow.edges.find((e) => e.id === selection.id) : undefined;
  return (
    <aside className="ipm-flow-inspector" aria-label="节点设置">
      {node ? <NodePanel {...props} node={node} /> : edge ? <EdgePanel {...props} edge={edge} /> : <Overview />}
    </aside>
  );
}

function Overview() {
  return (
    <div className="ipm-flow-inspector-body">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        设计审批流程
      </Typography.Title>
      <Typography.Paragraph type="secondary">点击节点或分支，在这里设置它。</Typography.Paragraph>
      <ul className="ipm-flow-tips">
        <li>从左上角添加审批人、抄送人、条件分支或结束：选中一个节点后点击，新节点接在它之后；也可以把按钮拖到画布上。</li>
        <li>点连线上的“+”，在两个节点之间插入节点。</li>
        <li>从节点下方的圆点拖到另一个节点，连接两个节点；条件分支的每条连线是一个分支。</li>
        <li>按 Delete 删除所选节点或连线；Ctrl+Z / Ctrl+Y 撤销与重做；Ctrl+S 保存草稿。</li>
      </ul>
    </div>
  );
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={problems.length === 1 ? problems[0] : `${problems.length} 处问题`}
      description={
        problems.length > 1 ? (
          <ul className="ipm-flow-problem-list">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

function NodePanel({
  flow,
  node,
  problems,
  names,
  roles,
  departments,
  remember,
  onChange,
  onDelete,
  onSelect,
  fields,
}: FlowInspectorProps & { node: FlowNode }) {
  const set = (patch: Partial<FlowNode>, key?: string) => onChange(updateNode(flow, node.id, patch), key ? `flow:${node.id}:${key}` : undefined);
  const setPeople = (rules: ApproverRule[]) => set(node.type === 'approver' ? { approvers: rules } : { recipients: rules });
  const mine = problems.filter((p) => p.nodeId === node.id).map((p) => p.message);
  return (
    <div className="ipm-flow-inspector-body">
      <div className="ipm-flow-inspector-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {TITLES[node.type]}
        </Typography.Title>
        {node.type !== 'start' && (
          <Button danger size="small" icon={<DeleteOutlined />} onClick={() => onDelete({ kind: 'node', id: node.id })}>
            删除节点
          </Button>
        )}
      </div>
      <Problems problems={mine} />
      <Form layout="vertical" size="middle">
        <Form.Item label="节点名称">
          <Input aria-label="节点名称" maxLength={40} value={node.name} onChange={(e) => set({ name: e.target.value }, 'name')} placeholder="如：法务审批" />
        </Form.Item>
        {node.type === 'start' && <Typography.Paragraph type="secondary">提交提案的人。提案提交后，流程从这里开始。</Typography.Paragraph>}
        {node.type === 'end' && <Typography.Paragraph type="secondary">流程走到这里即审批通过，按“审批通过后建立的案件”建立案件。</Typography.Paragraph>}
        {(node.type === 'approver' || node.type === 'copy') && (
          <PeoplePicker
            what={node.type === 'approver' ? '审批人' : '抄送人'}
            rules={node.type === 'approver' ? node.approvers : node.recipients}
            onChange={setPeople}
            names={names}
            roles={roles}
            departments={departments}
            remember={remember}
          />
        )}
        {node.type === 'approver' && (
          <>
            <Form.Item label="多人审批时">
              <Radio.Group aria-label="多人审批方式" value={node.mode} onChange={(e) => set({ mode: e.target.value as 'all' | 'any' })}>
                <Space direction="vertical">
                  <Radio value="all">会签（须全部同意）</Radio>
                  <Radio value="any">或签（一人同意即可）</Radio>
                </Space>
              </Radio.Group>
            </Form.Item>
            <Form.Item label="超时催办" extra="等待超过这么多小时仍未处理时提醒审批人">
              <Space>
                <Switch aria-label="超时催办" checked={node.remindAfterHours !== undefined} onChange={(on) => set({ remindAfterHours: on ? 24 : undefined })} />
                <InputNumber
                  aria-label="催办时限（小时）"
                  min={1}
                  max={8760}
                  precision={0}
                  disabled={node.remindAfterHours === undefined}
                  value={node.remindAfterHours ?? 24}
                  addonAfter="小时"
                  onChange={(hours) => hours !== null && set({ remindAfterHours: hours }, 'remind')}
                />
              </Space>
            </Form.Item>
          </>
        )}
        {node.type === 'condition' && <ForkBranches flow={flow} fork={node} fields={fields} onSelect={onSelect} />}
      </Form>
    </div>
  );
}

function ForkBranches({ flow, fork, fields, onSelect }: { flow: ApprovalFlow; fork: FlowNode; fields: FormField[]; onSelect(s: Selection): void }) {
  const branches = branchesOf(flow, fork.id);
  const target = (edge: FlowEdge) => flow.nodes.find((n) => n.id === edge.target)?.name ?? edge.target;
  return (
    <Form.Item label="分支（依次判断，第一个满足的分支生效）">
      {branches.length === 0 && <Typography.Text type="secondary">还没有分支：选中本节点后从左上角添加节点，或从节点下方的圆点拖出连线。</Typography.Text>}
      <ol className="ipm-flow-branch-list">
        {branches.map((edge) => (
          <li key={edge.id}>
            <Button type="link" size="small" onClick={() => onSelect({ kind: 'edge', id: edge.id })}>
              {edge.label || (edge.isDefault ? '其他情况' : '未命名分支')}
            </Button>
            <Typography.Text type="secondary">
              {edge.isDefault ? '其余都不满足时' : conditionsText(edge.conditions ?? [], fields) || '未设置条件'} → {target(edge)}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </Form.Item>
  );
}

function EdgePanel({ flow, edge, problems, fields, onChange, onDelete }: FlowInspectorProps & { edge: FlowEdge }) {
  const source = flow.nodes.find((n) => n.id === edge.source);
  const target = flow.nodes.find((n) => n.id === edge.target);
  const mine = problems.filter((p) => p.edgeId === edge.id).map((p) => p.message);
  const isBranch = source?.type === 'condition';
  const siblings = isBranch ? flow.edges.filter((e) => e.source === edge.source && !e.isDefault) : [];
  const place = siblings.findIndex((e) => e.id === edge.id);
  return (
    <div className="ipm-flow-inspector-body">
      <div className="ipm-flow-inspector-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {isBranch ? '分支条件' : '连线'}
        </Typography.Title>
        <Button danger size="small" icon={<DeleteOutlined />} onClick={() => onDelete({ kind: 'edge', id: edge.id })}>
          删除连线
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        {source?.name ?? edge.source} → {target?.name ?? edge.target}
      </Typography.Paragraph>
      <Problems problems={mine} />
      {isBranch ? (
        <Form layout="vertical">
          <Form.Item label="分支名称">
            <Input
              aria-label="分支名称"
              maxLength={40}
              placeholder="如：预算超过一万"
              value={edge.label ?? ''}
              onChange={(e) => onChange(updateEdge(flow, edge.id, { label: e.target.value }), `flow:${edge.id}:label`)}
            />
          </Form.Item>
          <Form.Item label="其他情况" extra="其余分支的条件都不满足时走这一支；每个条件分支须有且只有一个">
            <Switch aria-label="设为其他情况" checked={edge.isDefault === true} onChange={(on) => onChange(setDefaultBranch(flow, edge.id, on))} />
          </Form.Item>
          {!edge.isDefault && (
            <>
              <Form.Item label="条件（全部满足时走这一支）">
                <ConditionsEditor
                  label="本分支"
                  conditions={edge.conditions ?? []}
                  fields={fields}
                  onChange={(conditions) => onChange(updateEdge(flow, edge.id, { conditions }), `flow:${edge.id}:conditions`)}
                />
              </Form.Item>
              <Form.Item label="优先级">
                <Space>
                  <Tag>第 {place + 1} 个判断</Tag>
                  <Tooltip title="先于上一个分支判断">
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label="提高优先级"
                      disabled={place <= 0}
                      onClick={() => onChange(moveBranch(flow, edge.id, -1))}
                    />
                  </Tooltip>
                  <Tooltip title="后于下一个分支判断">
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label="降低优先级"
                      disabled={place < 0 || place >= siblings.length - 1}
                      onClick={() => onChange(moveBranch(flow, edge.id, 1))}
                    />
                  </Tooltip>
                </Space>
              </Form.Item>
            </>
          )}
        </Form>
      ) : (
        <Typography.Paragraph type="secondary">流程从上一个节点直接走到下一个节点。要按条件走不同的路，请在这里插入条件分支。</Typography.Paragraph>
      )}
    </div>
  );
}
