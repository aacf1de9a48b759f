import { Button, Drawer, List, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CaseManageCaseTypeVersionUsageResponse, SchemaVersion } from '../generated/types.js';

export type CaseVersionUsage = CaseManageCaseTypeVersionUsageResponse['list'][number];

const STATUS: Record<SchemaVersion['status'], { text: string; color: string }> = {
  published: { text: '生效中', color: 'green' },
  draft: { text: '草稿', color: 'gold' },
  archived: { text: '已归档', color: 'default' },
};

export interface VersionDrawerProps {
  open: boolean;
  onClose(): void;
  versions: SchemaVersion[];
  hasBuiltIn: boolean;
  /** True while the built-in version is the one in effect. */
  builtInInEffect: boolean;
  onOpenVersion(version: number): void;
  onCompare(version: number | 'builtIn'): void;
  onRollback(version: number): void;
  /** For a case type: the cases that use each version (version 0 is the built-in file); undefined for other kinds. */
  caseUsage?: CaseVersionUsage[];
}

/** How many cases a version of a case type carries: they keep it when the type changes. */
function CaseUsageLine({ usage, version }: { usage: CaseVersionUsage[]; version: number }) {
  const found = usage.find((u) => u.version === version);
  return (
    <Typography.Text type="secondary" data-testid={`case-usage-version-${version}`}>
      {found ? `使用中的案件：未办结 ${found.openCount} 件，共 ${found.totalCount} 件` : '没有案件使用'}
    </Typography.Text>
  );
}

/** The history of one schema: open or compare any version, roll back to it, or back to the built-in. */
export function VersionDrawer({ open, onClose, versions, hasBuiltIn, builtInInEffect, onOpenVersion, onCompare, onRollback, caseUsage }: VersionDrawerProps) {
  return (
    <Drawer title="版本历史" width={520} open={open} onClose={onClose}>
      {hasBuiltIn && (
        <List>
          <List.Item
            actions={[
              <Button key="compare" type="link" size="small" onClick={() => onCompare('builtIn')}>
                比较
              </Button>,
              <Popconfirm
                key="rollback"
                title="回到内置版本？"
                description="本组织的用户下次加载即看到内置版本；历史版本都保留。"
                okText="确定"
                cancelText="取消"
                onConfirm={() => onRollback(0)}
                disabled={builtInInEffect}
              >
                <Button type="link" size="small" disabled={builtInInEffect}>
                  回到内置版本
                </Button>
              </Popconfirm>,
            ]}
          >
            <Space direction="vertical" size={2}>
              <Space>
                <Typography.Text strong>内置版本</Typography.Text>
                {builtInInEffect && <Tag color="green">生效中</Tag>}
              </Space>
              {caseUsage && <CaseUsageLine usage={caseUsage} version={0} />}
            </Space>
          </List.Item>
        </List>
      )}
      <List
        dataSource={versions}
        locale={{ emptyText: '还没有保存过版本' }}
        renderItem={(v) => (
          <List.Item
            data-testid={`version-${v.version}`}
            actions={[
              <Button key="open" type="link" size="small" onClick={() => onOpenVersion(v.version)}>
                打开
              </Button>,
              <Button key="compare" type="link" size="small" onClick={() => onCompare(v.version)}>
                比较
              </Button>,
              <Popconfirm
                key="rollback"
                title={`回滚到第 ${v.version} 版？`}
                description="将以它的内容发布一个新版本；历史版本都保留。"
                okText="确定"
                cancelText="取消"
                onConfirm={() => onRollback(v.version)}
                disabled={v.status === 'published'}
              >
                <Button type="link" size="small" disabled={v.status === 'published'}>
                  回滚
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  <span>第 {v.version} 版</span>
                  <Tag color={STATUS[v.status].color}>{STATUS[v.status].text}</Tag>
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  <span>{`${v.authorName ?? '—'} · ${dayjs(v.createdAt).format('YYYY-MM-DD HH:mm')}${v.comment ? ` · ${v.comment}` : ''}`}</span>
                  {caseUsage && <CaseUsageLine usage={caseUsage} version={v.version} />}
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
