import { useMemo, useRef, useState } from 'react';
import { Button, Empty, List, Mentions, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { PersonOption } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { useRefreshProposals } from './refreshProposals.js';
import { mentionedIds } from './mentions.js';

/**
 * A proposal's comments, oldest first, and a box to add one: typing @ looks colleagues up by name
 * (300 ms after typing stops); each one named gets a message and becomes a participant.
 */
export function ProposalComments({ demandId, participants, canComment }: { demandId: number; participants: PersonOption[]; canComment: boolean }) {
  const runtime = useRuntime();
  const refresh = useRefreshProposals();
  const comments = useOperation('demand.demandComments', { id: demandId });
  const [content, setContent] = useState('');
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const search = useDebounced(typed.trim(), 300);
  const found = useOperation('person.getUserList', search ? { search, pageNo: 0, pageSize: 30 } : null);
  // Everyone offered so far: a name chosen from an earlier search still counts as a mention.
  const seen = useRef(new Map<number, PersonOption>());
  const people = useMemo(() => {
    for (const p of [...participants, ...(found.data ?? [])]) seen.current.set(p.id, p);
    return search ? (found.data ?? []) : participants;
  }, [participants, found.data, search]);

  const send = async () => {
    const text = content.trim();
    if (!text) {
      runtime.notify('warning', '请输入评论内容');
      return;
    }
    setSending(true);
    try {
      const mentionIds = mentionedIds(text, seen.current.values());
      await runtime.callOperation('demand.sendDemandComment', { id: demandId, content: text, ...(mentionIds.length ? { mentionIds } : {}) });
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
    <Space direction="vertical" style={{ width: '100%' }} data-testid="proposal-comments">
      {comments.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : comments.data?.list.length ? (
        <List
          size="small"
          dataSource={comments.data.list}
          renderItem={(c) => (
            <List.Item key={c.id}>
              <List.Item.Meta
                title={
                  <Space size={8} wrap>
                    <Typography.Text strong>{c.userName}</Typography.Text>
                    <Typography.Text type="secondary">{dayjs(c.createdAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
                    {c.mentions.map((m) => (
                      <Tag key={m.id} color="blue" bordered={false}>
                        @{m.name}
                      </Tag>
                    ))}
                  </Space>
                }
                description={<span className="proposal-comment-text">{c.content}</span>}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description="暂无评论" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {canComment && (
        <>
          <Mentions
            aria-label="评论内容"
            rows={3}
            maxLength={2000}
            placeholder="输入评论，@ 提及同事"
            value={content}
            onChange={(text) => {
              setContent(text);
              // The name being typed after the last @ (typed through an input method there are no key events to measure it by).
              setTyped(/@([^\s@]{1,20})$/.exec(text)?.[1] ?? '');
            }}
            onSearch={setTyped}
            options={people.map((p) => ({ value: p.name, label: p.name, key: String(p.id) }))}
            notFoundContent={typed.trim() ? '没有相符的同事' : '输入姓名查找同事'}
          />
          <div style={{ textAlign: 'right' }}>
            <Button type="primary" loading={sending} onClick={() => void send()}>
              发表评论
            </Button>
          </div>
        </>
      )}
    </Space>
  );
}
