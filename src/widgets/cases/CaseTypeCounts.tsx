import { Badge, Segmented, Skeleton } from 'antd';
import { useForm } from '@formily/react';
import type { CaseTypeCountsProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { rowFilter } from '../../runtime/pageQuery.js';

const ALL = '';

/** Cases per type under the list's other conditions; choosing a type filters the list by it (and sets the filter bar's caseType field). */
export function CaseTypeCounts({ channel }: CaseTypeCountsProps) {
  const form = useForm();
  const query = usePageQuery(channel);
  const conditions = useQueryValue(query, 'conditions');
  const { caseType, ...others } = rowFilter(conditions);
  const { data } = useOperation('caseManage.caseTypeStatistics', others);
  if (!data) return <Skeleton.Input active block style={{ marginBottom: 12 }} />;
  const chosen = typeof caseType === 'string' ? caseType : ALL;
  const options = [
    {
      value: ALL,
      label: (
        <span>
          全部 <Badge count={data.total} showZero overflowCount={99999} color="#8c8c8c" />
        </span>
      ),
    },
    ...data.list.map((t) => ({
      value: t.caseType,
      label: (
        <span>
          {t.title} <Badge count={t.count} showZero overflowCount={99999} color="#1677ff" />
        </span>
      ),
    })),
  ];
  return (
    <div className="case-type-counts" data-testid="case-type-counts">
      <Segmented
        value={chosen}
        options={options}
        onChange={(value) => {
          const next = { ...conditions };
          if (value) next.caseType = value;
          else delete next.caseType;
          // The filter bar's own type field follows, so its next 查询 keeps the choice.
          form
            ?.query('caseType')
            .take()
            ?.setState({ value: value || undefined });
          query?.setConditions(next);
        }}
      />
    </div>
  );
}
