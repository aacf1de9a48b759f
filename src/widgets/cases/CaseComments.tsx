import { useMemo, useState } from 'react';
import { Button, Empty, List, Mentions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { PersonOption } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useRefreshCases } from './refreshCases.js';

/** The colleagues a comment names with @: each name written after an @ that is one of them. */
export function mentionedIds(content: string, people: PersonOption[]): number[] {
  const ids = people.filter((p) => content.includes(`@${p.name}`)).map((p) => p.id);
  return [...new Set(ids)];
}

/** A case's comments, oldest first, and a box to add one; typing @ offers the colleagues who manage cases, each named one gets a message. */
export function CaseComments({ caseNo }: { caseNo: string }) {
  const runtime = useRuntime();
  const refresh = useRefreshCases();
  const comments = useOperation('caseManage.getComments', { caseNo });
  const people = useOperation('caseManage.usersWithPermissions', {});
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const options = useMemo(() => (people.data ?? []).map((p) => ({ value: p.name, label: p.name, key: String(p.id) })), [people.data]);

  const send = async () => {
    const text = content.trim();
    if (!text) {
      runtime.notify('warning', '请输入评论内容');
      return;
    }
    setSending(true);
    try {
      const mentionIds = mentionedIds(text, people.data ?? []);
      await runtime.callOperation('caseManage.sendComments', { caseNo, content: text, ...(mentionIds.length ? { mentionIds } : {}) });
      setContent('');
      runtime.notify('success', '评论已发表');
      await refresh();
    } catch {
      // The HTTP client showed why; the text stays.
    } finally {
      setSending(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="case-comments">
      {comments.data?.list.length ? (
        <List
          size="small"
          dataSource={comments.data.list}
          renderItem={(c) => (
            <List.Item key={c.id}>
              <List.Item.Meta
                title={
                  <Space size={8}>
                    <Typography.Text strong>{c.userName}</Typography.Text>
                    <Typography.Text type="secondary">{dayjs(c.createdAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
                    {c.mentions.map((m) => (
                      <Tag key={m.id} color="blue">
                        @{m.name}
                      </Tag>
                    ))}
                  </Space>
                }
                description={<span className="case-comment-text">{c.content}</span>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description="暂无评论" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Mentions
        aria-label="评论内容"
        rows={3}
        maxLength={2000}
        placeholder="输入评论，@ 提及同事"
        value={content}
        onChange={setContent}
        options={options}
        notFoundContent="没有相符的同事"
      />
      <div style={{ textAlign: 'right' }}>
        <Button type="primary" loading={sending} onClick={() => void send()}>
          发表评论
        </Button>
      </div>
    </Space>
  );
}
