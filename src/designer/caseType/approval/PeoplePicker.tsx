import { Checkbox, Form, Select, Space, TreeSelect, Typography } from 'antd';
import type { Department } from '../../../generated/types.js';
import { MAX_SUPERIOR_LEVELS, type ApproverRule } from '../../../shared/approvalFlow/flowModel.js';
import { PersonSearch } from '../../../runtime/components/PersonSearch.js';
import type { PeopleNames } from './flowText.js';

interface PeoplePickerProps {
  /** 审批人 or 抄送人: how the fields are labelled. */
  what: string;
  rules: ApproverRule[];
  onChange(rules: ApproverRule[]): void;
  names: PeopleNames;
  roles: { id: number; name: string }[];
  departments: Department[];
  /** Names learnt from the person search, for members the page did not know yet. */
  remember(people: { id: number; name: string }[]): void;
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const treeOf = (departments: Department[]): TreeOption[] =>
  departments.map((d) => ({
    value: d.id,
    title: d.headName ? d.name : `${d.name}（未设负责人）`,
    children: d.children?.length ? treeOf(d.children) : undefined,
  }));

const LEVEL_OPTIONS = Array.from({ length: MAX_SUPERIOR_LEVELS }, (_v, i) => ({
  value: i + 1,
  label: i === 0 ? '直属上级（第 1 级）' : `逐级向上共 ${i + 1} 级`,
}));

/**
 * Whom an approver or copy-to node names, by the four ways a flow may: named members (found with
 * the person search), roles, departments' heads (a chosen department, or the submitter's own), and
 * the submitter's superiors up to some level.
 */
export function PeoplePicker({ what, rules, onChange, names, roles, departments, remember }: PeoplePickerProps) {
  const users = rules.flatMap((r) => (r.kind === 'user' ? [r.userId] : []));
  const roleIds = rules.flatMap((r) => (r.kind === 'role' ? [r.roleId] : []));
  const departmentIds = rules.flatMap((r) => (r.kind === 'departmentHead' && r.departmentId !== undefined ? [r.departmentId] : []));
  const ownDepartment = rules.some((r) => r.kind === 'departmentHead' && r.departmentId === undefined);
  const superior = rules.find((r): r is Extract<ApproverRule, { kind: 'superior' }> => r.kind === 'superior');

  const emit = (next: { users?: number[]; roleIds?: number[]; departmentIds?: number[]; ownDepartment?: boolean; levels?: number | null }) => {
    const u = next.users ?? users;
    const r = next.roleIds ?? roleIds;
    const d = next.departmentIds ?? departmentIds;
    const own = next.ownDepartment ?? ownDepartment;
    const levels = next.levels === undefined ? (superior?.levels ?? null) : next.levels;
    onChange([
      ...u.map((userId): ApproverRule => ({ kind: 'user', userId })),
      ...r.map((roleId): ApproverRule => ({ kind: 'role', roleId })),
      ...d.map((departmentId): ApproverRule => ({ kind: 'departmentHead', departmentId })),
      ...(own ? [{ kind: 'departmentHead' } as ApproverRule] : []),
      ...(levels !== null ? [{ kind: 'superior', levels } as ApproverRule] : []),
    ]);
  };

  return (
    <div className="ipm-flow-people">
      <Form.Item label="指定成员" extra={`按姓名、账号或手机号搜索本组织的成员作为${what}`}>
        <PersonSearch
          multiple
          value={users.map((id) => ({ id, name: names.users.get(id) ?? `成员 #${id}` }))}
          onChange={(people) => {
            remember(people);
            emit({ users: people.map((p) => p.id) });
          }}
          placeholder="搜索并选择成员"
        />
      </Form.Item>
      <Form.Item label="角色" extra="该角色的全部在职成员">
        <Select
          mode="multiple"
          allowClear
          aria-label={`${what}的角色`}
          placeholder="选择角色"
          value={roleIds}
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
          optionFilterProp="label"
          onChange={(ids: number[]) => emit({ roleIds: ids })}
        />
      </Form.Item>
      <Form.Item label="部门负责人">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Checkbox checked={ownDepartment} onChange={(e) => emit({ ownDepartment: e.target.checked })}>
            发起人所在部门的负责人
            <Typography.Text type="secondary">（部门没有负责人时向上找）</Typography.Text>
          </Checkbox>
          <TreeSelect
            multiple
            allowClear
            treeDefaultExpandAll
            aria-label={`${what}的部门`}
            placeholder="或选择部门，由其负责人处理"
            style={{ width: '100%' }}
            value={departmentIds}
            treeData={treeOf(departments)}
            treeNodeFilterProp="title"
            onChange={(ids: number[]) => emit({ departmentIds: ids })}
          />
        </Space>
      </Form.Item>
      <Form.Item label="发起人的上级" extra="第 1 级为发起人所在部门的负责人，逐级向上">
        <Space wrap>
          <Checkbox checked={superior !== undefined} onChange={(e) => emit({ levels: e.target.checked ? 1 : null })}>
            由发起人的上级处理
          </Checkbox>
          <Select
            aria-label={`${what}的上级层数`}
            style={{ width: 180 }}
            disabled={!superior}
            value={superior?.levels ?? 1}
            options={LEVEL_OPTIONS}
            onChange={(levels: number) => emit({ levels })}
          />
        </Space>
      </Form.Item>
    </div>
  );
}
