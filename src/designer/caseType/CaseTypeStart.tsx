import { useState } from 'react';
import { Button, Card, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, EditOutlined, FileAddOutlined } from '@ant-design/icons';
import type { SchemaEntry } from '../SchemaList.js';
import type { CaseVersionUsage } from '../VersionDrawer.js';

interface CaseTypeStartProps {
  /** Which kind of type is built here: the texts say so, and proposals are not counted in cases. */
  category: 'case' | 'proposal';
  entries: SchemaEntry[];
  loading: boolean;
  /** The cases that use each version of each type; undefined while it loads. */
  usage?: CaseVersionUsage[];
  onBlank(): void;
  onCopy(entry: SchemaEntry): void;
  onEdit(entry: SchemaEntry): void;
}

/** Where building a type begins: from nothing, or from a copy of a built-in or published type; the organisation's own types are opened again from here. */
export function CaseTypeStart({ category, entries, loading, usage, onBlank, onCopy, onEdit }: CaseTypeStartProps) {
  const proposal = category === 'proposal';
  const [keyword, setKeyword] = useState('');
  const shown = entries.filter((e) => !keyword || e.title.includes(keyword) || e.key.toLowerCase().includes(keyword.toLowerCase()));
  return (
    <div className="ipm-case-start">
      <Card>
        <div className="ipm-case-start-intro">
          <div>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {proposal ? '新建一种提案类型' : '新建一种案件类型'}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {proposal
                ? '从空白开始，或复制下面已有的类型再修改。排好提案表单，在画布上画出审批流程（审批人、会签或或签、抄送、按表单内容走的条件分支），设置审批通过后建立哪些案件，预览后发布；员工下次提出提案时即按新流程审批。'
                : '从空白开始，或复制下面已有的类型再修改。设置名称与办理方式，用可视化表单编辑器排好申请表单，填写阶段与期限、附件和费用，预览后发布；员工下次打开页面即可使用。'}
            </Typography.Paragraph>
          </div>
          <Button type="primary" size="large" icon={<FileAddOutlined />} onClick={onBlank}>
            空白类型
          </Button>
        </div>
      </Card>
      <Card
        title="已有的类型"
        style={{ marginTop: 16 }}
        extra={
          <Input.Search
            allowClear
            placeholder="按名称或标识查找"
            aria-label="查找类型"
            style={{ width: 240 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        }
      >
        <Table<SchemaEntry>
          size="small"
          rowKey="key"
          loading={loading}
          dataSource={shown}
          pagination={shown.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: proposal ? '还没有提案类型' : '还没有案件类型' }}
          columns={[
            { title: '名称', dataIndex: 'title', render: (title: string, e) => <Typography.Text strong>{title || e.key}</Typography.Text> },
            { title: '标识', dataIndex: 'key', render: (key: string) => <Typography.Text type="secondary">{key}</Typography.Text> },
            {
              title: '状态',
              width: 220,
              render: (_v, e) => (
                <Space size={4}>
                  {e.builtIn ? <Tag>内置</Tag> : <Tag color="blue">本组织</Tag>}
                  {e.publishedVersion !== null && <Tag color="green">已发布 第 {e.publishedVersion} 版</Tag>}
                  {e.latestVersion !== null && e.latestVersion !== e.publishedVersion && <Tag color="gold">草稿 第 {e.latestVersion} 版</Tag>}
                </Space>
              ),
            },
            ...(proposal
              ? []
              : [
                  {
                    title: '使用中的案件',
                    width: 200,
                    render: (_v: unknown, e: SchemaEntry) => <CasesInUse usage={usage} caseType={e.key} />,
                  },
                ]),
            {
              title: '操作',
              width: 170,
              render: (_v, e) => (
                <Space size={4}>
                  <Button size="small" icon={<CopyOutlined />} aria-label={`复制 ${e.title || e.key}`} onClick={() => onCopy(e)}>
                    复制
                  </Button>
                  {!e.builtIn && (
                    <Button size="small" icon={<EditOutlined />} aria-label={`编辑 ${e.title || e.key}`} onClick={() => onEdit(e)}>
                      编辑
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** A type's open cases over all its versions, and per version on hover: each case keeps the version it was created with. */
function CasesInUse({ usage, caseType }: { usage?: CaseVersionUsage[]; caseType: string }) {
  if (!usage) return null;
  const versions = usage.filter((u) => u.caseType === caseType);
  if (versions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const open = versions.reduce((sum, u) => sum + u.openCount, 0);
  const total = versions.reduce((sum, u) => sum + u.totalCount, 0);
  return (
    <Tooltip
      title={versions.map((u) => (
        <div key={u.version}>
          {u.versionTitle}：未办结 {u.openCount} 件，共 {u.totalCount} 件
        </div>
      ))}
    >
      <span data-testid={`case-usage-${caseType}`} style={{ whiteSpace: 'nowrap' }}>
        未办结 {open} 件<Typography.Text type="secondary">（共 {total} 件）</Typography.Text>
      </span>
    </Tooltip>
  );
}
