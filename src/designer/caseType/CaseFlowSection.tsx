import { Checkbox, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { unusedKey, type CaseStatus, type CaseTransition } from './caseTypeBody.js';
import { RowsEditor } from './RowsEditor.js';
import { SectionProblems } from './SectionProblems.js';
import { fieldProblem, type SectionProps } from './sectionProps.js';

export interface FlowDefaults {
  statuses: CaseStatus[];
  transitions: CaseTransition[];
  /** The Chinese name of each action. */
  actions: { value: string; label: string }[];
}

interface FlowSectionProps extends SectionProps {
  defaults: FlowDefaults;
  permissions: { value: string; label: string }[];
}

/** The statuses of a case and the moves between them: the defaults every type shares, or the type's own. */
export function CaseFlowSection({ body, change, problems, defaults, permissions }: FlowSectionProps) {
  const own = body.statuses !== undefined || body.transitions !== undefined;
  const statuses = body.statuses ?? defaults.statuses;
  const transitions = body.transitions ?? defaults.transitions;
  const statusOptions = statuses.map((s) => ({ value: s.key, label: s.title || s.key }));
  const statusName = (key: string) => statuses.find((s) => s.key === key)?.title ?? key;
  const actionName = (value: string) => defaults.actions.find((a) => a.value === value)?.label ?? value;
  const permissionName = (value: string) => permissions.find((p) => p.value === value)?.label ?? value;
  const bad = (pointer: string) => (fieldProblem(problems, pointer) ? ('error' as const) : undefined);

  return (
    <div className="ipm-case-section">
      <Space style={{ marginBottom: 12 }}>
        <Switch
          aria-label="使用默认的状态与流转"
          checked={!own}
          onChange={(useDefaults) =>
            change(
              useDefaults
                ? { statuses: undefined, transitions: undefined }
                : { statuses: structuredClone(statuses), transitions: structuredClone(transitions) },
            )
          }
        />
        <Typography.Text>使用默认的状态与流转</Typography.Text>
        <Typography.Text type="secondary">关闭后可按本类型修改；服务端照此执行，谁可以做哪一步由所需权限决定。</Typography.Text>
      </Space>
      <SectionProblems problems={problems} />
      {!own ? (
        <>
          <Typography.Title level={5}>状态</Typography.Title>
          <Space wrap style={{ marginBottom: 16 }}>
            {statuses.map((s) => (
              <Tag key={s.key} color={s.color}>
                {s.title}
                {s.final ? '（终态）' : ''}
              </Tag>
            ))}
          </Space>
          <Typography.Title level={5}>流转</Typography.Title>
          <Table<CaseTransition>
            size="small"
            pagination={false}
            rowKey={(t) => `${t.action}:${t.to}`}
            dataSource={transitions}
            columns={[
              { title: '动作', render: (_v, t) => actionName(t.action) },
              { title: '可从这些状态', render: (_v, t) => t.from.map(statusName).join('、') },
              { title: '流转到', render: (_v, t) => statusName(t.to) },
              { title: '所需权限', render: (_v, t) => permissionName(t.permission) },
            ]}
          />
        </>
      ) : (
        <>
          <Typography.Title level={5}>状态</Typography.Title>
          <RowsEditor<CaseStatus>
            itemName="状态"
            items={statuses}
            onChange={(next) => change({ statuses: next })}
            newItem={(items) => ({
              key: unusedKey(
                'status',
                items.map((s) => s.key),
              ),
              title: '',
            })}
            columns={[
              {
                title: '名称',
                render: (s, update, i) => (
                  <Input
                    aria-label={`第 ${i + 1} 个状态的名称`}
                    maxLength={20}
                    status={bad(`/statuses/${i}/title`)}
                    value={s.title}
                    onChange={(e) => update({ title: e.target.value })}
                  />
                ),
              },
              {
                title: '标识',
                width: 160,
                render: (s, update, i) => (
                  <Input
                    aria-label={`第 ${i + 1} 个状态的标识`}
                    maxLength={40}
                    status={bad(`/statuses/${i}/key`)}
                    value={s.key}
                    onChange={(e) => update({ key: e.target.value.trim() })}
                  />
                ),
              },
              {
                title: '终态',
                width: 70,
                render: (s, update, i) => (
                  <Checkbox
                    aria-label={`第 ${i + 1} 个状态为终态`}
                    checked={s.final === true}
                    onChange={(e) => update({ final: e.target.checked || undefined })}
                  />
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            流转
          </Typography.Title>
          <RowsEditor<CaseTransition>
            itemName="流转"
            items={transitions}
            onChange={(next) => change({ transitions: next })}
            newItem={() => ({ action: 'submit', from: [], to: '', permission: '' })}
            columns={[
              {
                title: '动作',
                width: 150,
                render: (t, update, i) => (
                  <Select
                    aria-label={`第 ${i + 1} 个流转的动作`}
                    style={{ width: '100%' }}
                    options={defaults.actions}
                    status={bad(`/transitions/${i}/action`)}
                    value={t.action}
                    onChange={(action: string) => update({ action })}
                  />
                ),
              },
              {
                title: '可从这些状态',
                render: (t, update, i) => (
                  <Select
                    aria-label={`第 ${i + 1} 个流转的起始状态`}
                    mode="multiple"
                    style={{ width: '100%' }}
                    options={statusOptions}
                    status={bad(`/transitions/${i}/from`)}
                    value={t.from}
                    onChange={(from: string[]) => update({ from })}
                  />
                ),
              },
              {
                title: '流转到',
                width: 130,
                render: (t, update, i) => (
                  <Select
                    aria-label={`第 ${i + 1} 个流转的目标状态`}
                    style={{ width: '100%' }}
                    options={statusOptions}
                    status={bad(`/transitions/${i}/to`)}
                    value={t.to || undefined}
                    onChange={(to: string) => update({ to })}
                  />
                ),
              },
              {
                title: '所需权限',
                width: 170,
                render: (t, update, i) => (
                  <Select
                    aria-label={`第 ${i + 1} 个流转所需的权限`}
                    showSearch
                    optionFilterProp="label"
                    style={{ width: '100%' }}
                    options={permissions}
                    status={bad(`/transitions/${i}/permission`)}
                    value={t.permission || undefined}
                    onChange={(permission: string) => update({ permission })}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
