import { useEffect } from 'react';
import { Badge, Segmented, Skeleton, theme } from 'antd';
import type { DemandQuery, ProposalViewTabsProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import './proposals.css';

type View = NonNullable<DemandQuery['view']>;
const VIEWS: Array<{ value: View; title: string }> = [
  { value: 'toApprove', title: '待我审批' },
  { value: 'submitted', title: '我发起的' },
  { value: 'all', title: '全部' },
];
const isView = (value: unknown): value is View => VIEWS.some((v) => v.value === value);

/**
 * The proposal list's views with their counts under the other conditions (getDemandList's `views`):
 * choosing one writes `view` into the page query. A link may open a view (?view=toApprove, the
 * workbench's); the parameter then leaves the address so a reload keeps later choices.
 */
export function ProposalViewTabs({ channel }: ProposalViewTabsProps) {
  const runtime = useRuntime();
  const { token } = theme.useToken();
  const query = usePageQuery(channel);
  const conditions = useQueryValue(query, 'conditions');
  const { view, ...others } = rowFilter(conditions);
  const { data } = useOperation('demand.getDemandList', { ...(others as DemandQuery), pageNo: 1, pageSize: 1 });
  const asked = runtime.query.get('view');

  useEffect(() => {
    if (!query || !isView(asked)) return;
    query.setConditions({ ...query.conditions, view: asked });
    const params = new URLSearchParams(runtime.query);
    params.delete('view');
    const rest = params.toString();
    runtime.navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [asked, query, runtime]);

  if (!data) return <Skeleton.Input active block style={{ marginBottom: 12 }} />;
  const chosen: View = isView(view) ? view : 'all';
  return (
    <div className="proposal-view-tabs" data-testid="proposal-views">
      <Segmented
        value={chosen}
        onChange={(value) => query?.setConditions({ ...query.conditions, view: value })}
        options={VIEWS.map((v) => ({
          value: v.value,
          label: (
            <span data-view={v.value}>
              {v.title}{' '}
              <Badge
                count={data.views[v.value]}
                showZero
                overflowCount={99999}
                color={v.value === 'toApprove' && data.views.toApprove > 0 ? token.colorError : token.colorTextSecondary}
              />
            </span>
          ),
        }))}
      />
    </div>
  );
}
