import { Button, Drawer, List, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { SchemaVersion } from '../generated/types.js';

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
}

/** The history of one schema: open or compare any version, roll back to it, or back to the built-in. */
export function VersionDrawer({ open, onClose, versions, hasBuiltIn, builtInInEffect, onOpenVersion, onCompare, onRollback }: VersionDrawerProps) {
  return (
    <Drawer title="版本历史" width={460} open={open} onClose={onClose}>
      {hasBuiltIn && (
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
          <Space>
            <Typography.Text strong>内置版本</Typography.Text>
            {builtInInEffect && <Tag color="green">生效中</Tag>}
          </Space>
        </List.Item>
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
              description={`${v.authorName ?? '—'} · ${dayjs(v.createdAt).format('YYYY-MM-DD HH:mm')}${v.comment ? ` · ${v.comment}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
