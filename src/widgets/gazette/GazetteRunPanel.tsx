import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Progress, Space, Typography } from 'antd';
import { useSWRConfig } from 'swr';
import type { GazetteRunPanelProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '--');

/**
 * What the page does, when the publications were last matched, and 立即比对 for an administrator:
 * the run goes on in the background; its progress is polled until it ends, then the list is read again.
 */
export function GazetteRunPanel({ runPermission = 'userManagement' }: GazetteRunPanelProps) {
  const runtime = useRuntime();
  const { mutate } = useSWRConfig();
  const [polling, setPolling] = useState(false);
  const status = useOperation('gazette.runStatus', {});
  const running = status.data?.state === 'running';
  const wasRunning = useRef(false);
  const { mutate: reread } = status;
  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => void reread(), 1000);
    return () => clearInterval(timer);
  }, [polling, reread]);
  useEffect(() => {
    if (running) {
      wasRunning.current = true;
      setPolling(true);
    } else if (wasRunning.current && status.data) {
      wasRunning.current = false;
      setPolling(false);
      if (status.data.state === 'idle') runtime.notify('success', `比对完成：比对公告 ${status.data.checked} 件，新发现 ${status.data.added} 件`);
      void mutate((key) => Array.isArray(key) && key[0] === 'gazette.list');
    }
  }, [running, status.data, mutate, runtime]);

  const start = async () => {
    try {
      await runtime.callOperation('gazette.run', {});
      wasRunning.current = true;
      setPolling(true);
      await status.mutate();
    } catch {
      // The HTTP client showed why.
    }
  };
  const last = status.data;
  // Only the counts: whether the organisation has any hit at all, under no condition.
  const all = useOperation('gazette.list', { pageNo: 1, pageSize: 1 });
  const none = all.data !== undefined && Object.values(all.data.counts).every((n) => n === 0);
  return (
    <>
      <Alert
        className="gazette-run-panel"
        type="info"
        showIcon
        data-testid="gazette-run-panel"
        message="公告监测：初步审定公告中与我方商标近似、商品类似的商标"
        description={
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              新公告的商标按名称、读音与图形同本组织的商标比对，并要求商品在同一或类似的类似群；每条命中列出近似理由、公告期号与日期，以及自公告之日起 3
              个月的异议期限（节假日顺延，剩余 15 天以内标红）。可对命中发起异议提案，或忽略。每小时自动比对一次。
            </Typography.Text>
            {running ? (
              <Space style={{ width: '100%' }}>
                <Typography.Text>正在比对…</Typography.Text>
                <Progress percent={last?.percent ?? 0} size="small" style={{ width: 240 }} data-testid="gazette-run-progress" />
              </Space>
            ) : (
              <Space wrap>
                <Typography.Text type={last?.state === 'failed' ? 'danger' : 'secondary'} data-testid="gazette-last-run">
                  {last?.finishedAt
                    ? `最近比对：${time(last.finishedAt)}，比对公告 ${last.checked} 件，新发现 ${last.added} 件${last.message ? `（${last.message}）` : ''}`
                    : (last?.message ?? '尚未比对')}
                </Typography.Text>
                {runtime.permissions.has(runPermission) && (
                  <Button size="small" type="primary" onClick={() => void start()} data-testid="gazette-run">
                    立即比对
                  </Button>
                )}
              </Space>
            )}
          </Space>
        }
      />
      {none && (
        <Empty
          className="gazette-empty"
          data-testid="gazette-empty"
          description={
            running
              ? '正在比对，发现的公告商标会列在下面'
              : last?.finishedAt
                ? '异议期内的公告中没有与本组织商标近似的商标。新的初步审定公告进入公告库后会自动比对，发现的列在下面。'
                : '尚未比对。比对后，异议期内与本组织商标近似、商品类似的公告商标会列在下面，可据此发起异议。'
          }
        />
      )}
    </>
  );
}
