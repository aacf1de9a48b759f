import { useEffect, useState } from 'react';
import { Button, Modal, Table, Tag, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { BatchTask } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { PaginationBar, PAGE_SIZES } from '../../runtime/blocks/PaginationBar.js';
import type { BrandMergeBatchTaskListRequest } from '../../generated/types.js';

/** operateStatus (spec 001 §4). */
export const TASK_STATUS: Record<number, { text: string; color: string }> = {
  0: { text: '处理中', color: 'processing' },
  1: { text: '成功', color: 'success' },
  2: { text: '失败', color: 'error' },
};

/** How often the list looks again while a task is still 处理中. */
const WATCH_MS = 2000;

export interface BatchTaskListDialogProps {
  open: boolean;
  onClose(): void;
  operateType?: BrandMergeBatchTaskListRequest['operateType'];
}

/** 批量任务列表: the organisation's batch merge tasks, newest first, paged from page 1 (20 a page). */
export function BatchTaskListDialog({ open, onClose, operateType = 'onceMerge' }: BatchTaskListDialogProps) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const { data, isLoading, isValidating, mutate } = useOperation('brandMerge.batchTaskList', open ? { operateType, ...page } : null);
  const running = (data?.list ?? []).some((t) => t.operateStatus === 0);
  useEffect(() => {
    if (!open || !running) return;
    const timer = setInterval(() => void mutate(), WATCH_MS);
    return () => clearInterval(timer);
  }, [open, running, mutate]);

  return (
    <Modal title="批量任务列表" open={open} width={720} onCancel={onClose} footer={null} destroyOnClose>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Tooltip title="刷新">
          <Button aria-label="刷新任务" icon={<ReloadOutlined spin={isValidating && !isLoading} />} onClick={() => void mutate()} />
        </Tooltip>
      </div>
      <Table<BatchTask>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          // Spec 001 §2: the name is always the batch trademark merge.
          { key: 'name', title: '任务名称', render: () => '批量商标合并' },
          {
            key: 'status',
            title: '状态',
            width: 160,
            render: (_, task) => {
              const status = TASK_STATUS[task.operateStatus]!;
              const tag = <Tag color={status.color}>{status.text}</Tag>;
              if (task.operateStatus === 2 && task.error) return <Tooltip title={task.error}>{tag}</Tooltip>;
              if (task.operateStatus === 0 && task.total)
                return (
                  <span>
                    {tag}
                    {`${task.progress}/${task.total}`}
                  </span>
                );
              return tag;
            },
          },
          { key: 'endTime', title: '完成时间', width: 180, render: (_, task) => (task.endTime ? dayjs(task.endTime).format('YYYY-MM-DD HH:mm:ss') : '--') },
        ]}
      />
      {(data?.count ?? 0) > 0 && (
        <PaginationBar
          pageNo={page.pageNo}
          pageSize={page.pageSize}
          total={data!.count}
          pageSizes={PAGE_SIZES}
          onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
        />
      )}
    </Modal>
  );
}
