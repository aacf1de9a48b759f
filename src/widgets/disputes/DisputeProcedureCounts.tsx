import { Badge, Segmented, Skeleton } from 'antd';
import { useForm } from '@formily/react';
import type { DisputeListRequest, DisputeProcedureCountsProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import { PROCEDURE_TITLES } from './disputeLook.js';

const ALL = '';

/** Disputes per procedure under the list's other conditions; choosing one filters the list by it (and sets the filter bar's procedure field). */
export function DisputeProcedureCounts({ channel }: DisputeProcedureCountsProps) {
  const form = useForm();
  const query = usePageQuery(channel);
  const conditions = useQueryValue(query, 'conditions');
  const { procedure, ...others } = rowFilter(conditions);
  const { data } = useOperation('dispute.list', { ...(others as DisputeListRequest), pageSize: 1 });
  if (!data) return <Skeleton.Input active block style={{ marginBottom: 12 }} />;
  const chosen = typeof procedure === 'string' ? procedure : ALL;
  const total = data.procedures.reduce((sum, p) => sum + p.count, 0);
  const options = [
    {
      value: ALL,
      label: (
        <span>
          全部 <Badge count={total} showZero overflowCount={99999} color="#8c8c8c" />
        </span>
      ),
    },
    ...data.procedures.map((p) => ({
      value: p.key,
      label: (
        <span>
          {PROCEDURE_TITLES[p.key as keyof typeof PROCEDURE_TITLES] ?? p.key} <Badge count={p.count} showZero overflowCount={99999} color="#1677ff" />
        </span>
      ),
    })),
  ];
  return (
    <div style={{ marginBottom: 12 }} data-testid="dispute-procedure-counts">
      <Segmented
        value={chosen}
        options={options}
        onChange={(value) => {
          const next = { ...conditions };
          if (value) next.procedure = value;
          else delete next.procedure;
          form
            ?.query('procedure')
            .take()
            ?.setState({ value: value || undefined });
          query?.setConditions(next);
        }}
      />
    </div>
  );
}
