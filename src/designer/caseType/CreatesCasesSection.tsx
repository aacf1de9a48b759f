import { useMemo } from 'react';
import { Button, Card, Empty, Form, Radio, Select, Space, Table, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { SchemaProblem } from '../../generated/types.js';
import type { FlowCondition } from '../../shared/approvalFlow/flowModel.js';
import { formFields, type FormField } from '../../shared/approvalFlow/formFields.js';
import { useOperation } from '../../runtime/useOperation.js';
import { moveItem } from './caseTypeBody.js';
import { describeProblem } from './caseTypeProblems.js';
import { ConditionsEditor } from './approval/ConditionsEditor.js';
import { SectionProblems } from './SectionProblems.js';
import type { SectionProps } from './sectionProps.js';

/** One case an approved proposal creates: schemas/meta/case-type.schema.json `createsCases`. */
export interface CreatedCase {
  caseType: string;
  split?: 'none' | 'country' | 'class';
  when?: FlowCondition[];
  /** Case form field → proposal form field. */
  fields: Record<string, string>;
}

const SPLIT_OPTIONS = [
  { value: 'none', label: '建立一件' },
  { value: 'country', label: '每个国家一件' },
  { value: 'class', label: '每个类别一件' },
];

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * 审批通过后建立的案件: which case types an approved proposal creates, split by country or class
 * or not, under which conditions, and for each field of the case's form the proposal field that fills it.
 */
export function CreatesCasesSection({ body, change, problems }: SectionProps) {
  const items = (Array.isArray(body.createsCases) ? body.createsCases : []) as CreatedCase[];
  const proposalFields = useMemo(() => formFields(body.form), [body.form]);
  const { data: types, isLoading } = useOperation('caseManage.caseTypes', { category: 'case' });
  const set = (next: CreatedCase[], coalesceKey?: string) => change({ createsCases: next }, coalesceKey);
  const update = (index: number, patch: Partial<CreatedCase>, coalesceKey?: string) =>
    set(
      items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
      coalesceKey,
    );
  const itemProblems = (i: number) => problems.filter((p) => p.at === `/createsCases/${i}` || p.at.startsWith(`/createsCases/${i}/`));
  const general = problems.filter((p) => !/^\/createsCases\/\d+/.test(p.at));

  return (
    <div className="ipm-case-section" style={{ maxWidth: 980 }}>
      <Typography.Paragraph type="secondary">
        提案审批通过时自动建立的案件。每一项选一种案件类型，按国家或类别拆分为多件，或只在满足条件时建立；下方为案件表单的每个字段选择由提案表单的哪个字段填入。
      </Typography.Paragraph>
      <SectionProblems problems={general} />
      {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="审批通过后不建立案件" />}
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {items.map((item, i) => (
          <CreatedCaseCard
            key={i}
            index={i}
            count={items.length}
            item={item}
            types={types?.list ?? []}
            typesLoading={isLoading}
            proposalFields={proposalFields}
            problems={itemProblems(i)}
            onChange={(patch, key) => update(i, patch, key)}
            onMove={(offset) => set(moveItem(items, i, offset))}
            onRemove={() => set(items.filter((_item, j) => j !== i))}
          />
        ))}
      </Space>
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        onClick={() => set([...items, { caseType: '', split: 'none', fields: {} }])}
      >
        添加要建立的案件
      </Button>
    </div>
  );
}

interface CardProps {
  index: number;
  count: number;
  item: CreatedCase;
  types: { name: string; title: string }[];
  typesLoading: boolean;
  proposalFields: FormField[];
  problems: SchemaProblem[];
  onChange(patch: Partial<CreatedCase>, coalesceKey?: string): void;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}

function CreatedCaseCard({ index, count, item, types, typesLoading, proposalFields, problems, onChange, onMove, onRemove }: CardProps) {
  const { data: schema, isLoading } = useOperation('caseManage.caseTypeSchema', item.caseType ? { caseType: item.caseType } : null);
  const caseFields = useMemo(() => (schema ? formFields(schema.form) : []), [schema]);
  const at = `/createsCases/${index}`;
  const problemAt = (pointer: string) => problems.find((p) => p.at === pointer);
  const typeProblem = problemAt(`${at}/caseType`);
  const known = new Set(caseFields.map((f) => f.name));
  const stale = schema ? Object.keys(item.fields).filter((name) => !known.has(name)) : [];
  const rows = [...caseFields.map((f) => ({ ...f, stale: false })), ...stale.map((name) => ({ name, title: name, type: 'string', stale: true }))];
  const label = `第 ${index + 1} 个建立的案件`;

  const setMapping = (caseField: string, proposalField: string | undefined) => {
    const next = { ...item.fields };
    if (proposalField) next[caseField] = proposalField;
    else delete next[caseField];
    onChange({ fields: next });
  };

  // Same name, else same title: the mapping most types want, filled in one go where nothing is chosen yet.
  const autoMap = () => {
    const next = { ...item.fields };
    for (const f of caseFields) {
      if (next[f.name]) continue;
      const match = proposalFields.find((p) => p.name === f.name) ?? proposalFields.find((p) => p.title === f.title);
      if (match) next[f.name] = match.name;
    }
    onChange({ fields: next });
  };

  return (
    <Card
      size="small"
      title={`${label}${item.caseType ? `：${types.find((t) => t.name === item.caseType)?.title ?? item.caseType}` : ''}`}
      extra={
        <Space size={2}>
          <Tooltip title="上移">
            <Button size="small" type="text" aria-label={`上移${label}`} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              size="small"
              type="text"
              aria-label={`下移${label}`}
              icon={<ArrowDownOutlined />}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button size="small" type="text" danger aria-label={`删除${label}`} icon={<DeleteOutlined />} onClick={onRemove} />
          </Tooltip>
        </Space>
      }
    >
      <SectionProblems problems={problems} />
      <Form layout="horizontal" labelCol={{ flex: '96px' }} wrapperCol={{ flex: 'auto' }}>
        <Form.Item label="案件类型" required validateStatus={typeProblem ? 'error' : undefined} help={typeProblem ? describeProblem(typeProblem) : undefined}>
          <Select
            showSearch
            aria-label={`${label}的案件类型`}
            placeholder="选择案件类型"
            loading={typesLoading}
            optionFilterProp="label"
            value={item.caseType || undefined}
            options={types.map((t) => ({ value: t.name, label: t.title }))}
            onChange={(caseType: string) => onChange({ caseType, fields: {} })}
          />
        </Form.Item>
        <Form.Item label="拆分">
          <Radio.Group
            aria-label={`${label}的拆分`}
            options={SPLIT_OPTIONS}
            value={item.split ?? 'none'}
            onChange={(e) => onChange({ split: e.target.value as CreatedCase['split'] })}
          />
        </Form.Item>
        <Form.Item label="建立条件" extra="不设条件则审批通过后总是建立；设了条件则全部满足时才建立">
          <ConditionsEditor
            label={label}
            conditions={item.when ?? []}
            fields={proposalFields}
            onChange={(when) => onChange({ when: when.length ? when : undefined }, `creates:${index}:when`)}
          />
        </Form.Item>
      </Form>
      {item.caseType && (
        <>
          <div className="ipm-creates-mapping-head">
            <Typography.Text strong>字段对应</Typography.Text>
            <Button size="small" icon={<ThunderboltOutlined />} disabled={caseFields.length === 0} onClick={autoMap}>
              同名字段自动对应
            </Button>
          </div>
          <Table
            size="small"
            rowKey="name"
            loading={isLoading}
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: '这种案件的表单没有字段' }}
            columns={[
              {
                title: '案件表单的字段',
                render: (_v, f) =>
                  f.stale ? (
                    <Typography.Text type="danger">{f.name}（案件表单中已没有）</Typography.Text>
                  ) : (
                    <span>
                      {f.title}
                      {f.title !== f.name && <Typography.Text type="secondary"> {f.name}</Typography.Text>}
                    </span>
                  ),
              },
              {
                title: '取自提案表单的字段',
                width: 340,
                render: (_v, f) => {
                  const problem = problemAt(`${at}/fields/${escape(f.name)}`);
                  return (
                    <Space direction="vertical" size={0} style={{ width: '100%' }}>
                      <Select
                        allowClear
                        showSearch
                        style={{ width: '100%' }}
                        aria-label={`${label}的${f.title}取自`}
                        placeholder="不填"
                        optionFilterProp="label"
                        status={problem ? 'error' : undefined}
                        value={item.fields[f.name]}
                        options={proposalFields.map((p) => ({ value: p.name, label: p.title === p.name ? p.name : `${p.title}（${p.name}）` }))}
                        onChange={(value?: string) => setMapping(f.name, value)}
                      />
                      {problem && <Typography.Text type="danger">{problem.message}</Typography.Text>}
                    </Space>
                  );
                },
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
