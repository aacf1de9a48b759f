import { useMemo } from 'react';
import { Col, Empty, Row, Typography } from 'antd';
import type { ReportBoardProps, ReportFilter } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';
import { rowFilter } from '../../runtime/pageQuery.js';
import { ChartCard } from './ChartCard.js';
import { approvalOption, barOption, caseStagesOption, deadlinesOption, feesOption, pieOption, yearsOption } from './chartOptions.js';
import './reports.css';

/** Clients drawn one by one in the fee chart; the .xlsx holds them all. */
const TOP_CLIENTS = 10;

const half = { xs: 24, xl: 12 } as const;
const whole = { xs: 24 } as const;

function PortfolioCharts({ filter }: { filter: ReportFilter }) {
  const { data, isLoading, error } = useOperation('reports.portfolio', filter);
  const total = data ? <Typography.Text data-testid="portfolio-total">共 {data.total.toLocaleString('zh-CN')} 件商标</Typography.Text> : null;
  const common = { report: 'portfolio' as const, filter, loading: isLoading, error, emptyText: '没有符合条件的商标', summary: total };
  const has = (n: number) => data && n > 0;
  return (
    <>
      <Col {...half}>
        <ChartCard {...common} title="商标档案：按状态" testId="chart-status" option={has(data?.byStatus.length ?? 0) ? pieOption(data!.byStatus) : null} />
      </Col>
      <Col {...half}>
        <ChartCard
          {...common}
          title="商标档案：按类别"
          testId="chart-class"
          option={has(data?.byClass.length ?? 0) ? barOption(data!.byClass, '商标数') : null}
        />
      </Col>
      <Col {...half}>
        <ChartCard
          {...common}
          title="商标档案：按国家/地区"
          testId="chart-country"
          option={has(data?.byCountry.length ?? 0) ? barOption(data!.byCountry, '商标数') : null}
        />
      </Col>
      <Col {...half}>
        <ChartCard
          {...common}
          title="商标档案：按申请人（前 10 位）"
          testId="chart-applicant"
          option={has(data?.byApplicant.length ?? 0) ? barOption(data!.byApplicant, '商标数', true) : null}
        />
      </Col>
    </>
  );
}

function YearsChart({ filter }: { filter: ReportFilter }) {
  const { data, isLoading, error } = useOperation('reports.years', filter);
  return (
    <ChartCard
      title="逐年注册与到期"
      report="years"
      testId="chart-years"
      filter={filter}
      loading={isLoading}
      error={error}
      emptyText="没有有注册日期或专用权截止日期的商标"
      option={data && data.list.length > 0 ? yearsOption(data.list) : null}
    />
  );
}

function DeadlinesChart({ filter }: { filter: ReportFilter }) {
  // The deadlines take no filter: asked once whatever the bar says.
  const { data, isLoading, error } = useOperation('reports.deadlines', {});
  const any = data?.list.some((m) => (m.letters ?? 0) + (m.cases ?? 0) > 0);
  return (
    <ChartCard
      title="未来 12 个月的期限"
      report="deadlines"
      testId="chart-deadlines"
      filter={filter}
      loading={isLoading}
      error={error}
      emptyText="未来 12 个月没有到期的期限"
      option={data && any ? deadlinesOption(data.list) : null}
    />
  );
}

function CasesChart({ filter }: { filter: ReportFilter }) {
  const { data, isLoading, error } = useOperation('reports.cases', filter);
  return (
    <ChartCard
      title="案件类型与阶段"
      report="cases"
      testId="chart-cases"
      filter={filter}
      loading={isLoading}
      error={error}
      emptyText="没有符合条件的案件"
      summary={data ? <Typography.Text data-testid="cases-total">共 {data.total.toLocaleString('zh-CN')} 件案件</Typography.Text> : null}
      option={data && data.total > 0 ? caseStagesOption(data.byType, data.byStage) : null}
    />
  );
}

function ApprovalCharts({ filter }: { filter: ReportFilter }) {
  const { data, isLoading, error } = useOperation('reports.approvals', filter);
  const common = { report: 'approvals' as const, filter, loading: isLoading, error, emptyText: '没有已决定的提案' };
  return (
    <>
      <Col {...half}>
        <ChartCard
          {...common}
          title="提案审批用时：按提案类型"
          testId="chart-approval-type"
          option={data && data.byType.length > 0 ? approvalOption(data.byType, 'bar') : null}
        />
      </Col>
      <Col {...half}>
        <ChartCard
          {...common}
          title="提案审批用时：按决定月份"
          testId="chart-approval-month"
          option={data && data.byMonth.length > 0 ? approvalOption(data.byMonth, 'line') : null}
        />
      </Col>
    </>
  );
}

function FeeCharts({ filter }: { filter: ReportFilter }) {
  const { data, isLoading, error } = useOperation('reports.fees', filter);
  const common = { report: 'fees' as const, filter, loading: isLoading, error, emptyText: '没有已发布的款项' };
  return (
    <>
      <Col {...half}>
        <ChartCard {...common} title="款项：按发布月份" testId="chart-fee-month" option={data && data.byMonth.length > 0 ? feesOption(data.byMonth) : null} />
      </Col>
      <Col {...half}>
        <ChartCard
          {...common}
          title={`款项：按客户（前 ${TOP_CLIENTS} 位）`}
          testId="chart-fee-client"
          option={data && data.byClient.length > 0 ? feesOption(data.byClient, TOP_CLIENTS) : null}
        />
      </Col>
    </>
  );
}

/** The charts of each area the user's role opens, on the conditions of the page's filter bar. */
export function ReportBoard({ channel }: ReportBoardProps) {
  const { permissions } = useRuntime();
  const conditions = useQueryValue(usePageQuery(channel), 'conditions');
  const filter = useMemo(() => rowFilter(conditions) as ReportFilter, [conditions]);
  const can = useMemo(() => (key: string) => permissions.has(key), [permissions]);
  if (!['trademark', 'caseManage', 'demand', 'finance'].some(can)) {
    return <Empty className="report-board" description="您的角色没有商标、案件、提案或财务权限，没有可查看的报表" />;
  }
  return (
    <div className="report-board" data-testid="report-board">
      <Row gutter={[16, 16]}>
        {can('trademark') && <PortfolioCharts filter={filter} />}
        {can('trademark') && (
          <Col {...half}>
            <YearsChart filter={filter} />
          </Col>
        )}
        {(can('trademark') || can('caseManage')) && (
          <Col {...half}>
            <DeadlinesChart filter={filter} />
          </Col>
        )}
        {can('caseManage') && (
          <Col {...whole}>
            <CasesChart filter={filter} />
          </Col>
        )}
        {can('demand') && <ApprovalCharts filter={filter} />}
        {can('finance') && <FeeCharts filter={filter} />}
      </Row>
    </div>
  );
}
