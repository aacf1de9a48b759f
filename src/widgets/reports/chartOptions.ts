import type { FinanceTotal, ReportApprovalTime, ReportBucket, ReportCaseStage, ReportDeadlineMonth, ReportYear } from '../../generated/types.js';
import type { ChartOption } from './echartsCore.js';

const tooltipAxis = { trigger: 'axis', axisPointer: { type: 'shadow' } } as const;
const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true } as const;
/** Few groups would otherwise draw bars as wide as the chart. */
const BAR_MAX_WIDTH = 48;

/** Shares of a whole: one slice per group. */
export function pieOption(buckets: readonly ReportBucket[]): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{c}' },
        data: buckets.map((b) => ({ name: b.label, value: b.count })),
      },
    ],
  };
}

/** One bar per group, along x or (for long names) along y with the largest on top. */
export function barOption(buckets: readonly ReportBucket[], name: string, horizontal = false): ChartOption {
  const labels = buckets.map((b) => b.label);
  const values = buckets.map((b) => b.count);
  const category = {
    type: 'category',
    data: horizontal ? [...labels].reverse() : labels,
    axisLabel: { interval: 0, rotate: horizontal ? 0 : labels.length > 8 ? 40 : 0 },
  };
  return {
    tooltip: tooltipAxis,
    grid,
    xAxis: horizontal ? { type: 'value' } : category,
    yAxis: horizontal ? category : { type: 'value' },
    series: [
      {
        type: 'bar',
        barMaxWidth: BAR_MAX_WIDTH,
        name,
        data: horizontal ? [...values].reverse() : values,
        label: { show: true, position: horizontal ? 'right' : 'top' },
      },
    ],
  };
}

/** Every year from the first to the last, a year with nothing at zero, so the axis reads as time. */
export function everyYear(years: readonly ReportYear[]): ReportYear[] {
  if (years.length === 0) return [];
  const first = years[0]!.year;
  const last = years[years.length - 1]!.year;
  return Array.from({ length: last - first + 1 }, (_, i) => years.find((y) => y.year === first + i) ?? { year: first + i, registered: 0, expiring: 0 });
}

export function yearsOption(given: readonly ReportYear[]): ChartOption {
  const years = everyYear(given);
  return {
    tooltip: tooltipAxis,
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: years.map((y) => String(y.year)) },
    yAxis: { type: 'value' },
    series: [
      { type: 'bar', barMaxWidth: BAR_MAX_WIDTH, name: '注册', data: years.map((y) => y.registered) },
      { type: 'bar', barMaxWidth: BAR_MAX_WIDTH, name: '到期', data: years.map((y) => y.expiring) },
    ],
  };
}

export function deadlinesOption(months: readonly ReportDeadlineMonth[]): ChartOption {
  const series = [
    { key: 'letters' as const, name: '官文期限' },
    { key: 'cases' as const, name: '案件期限' },
  ].filter((s) => months.some((m) => m[s.key] !== null));
  return {
    tooltip: tooltipAxis,
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: months.map((m) => m.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: 'bar', barMaxWidth: BAR_MAX_WIDTH, stack: 'due', name: s.name, data: months.map((m) => m[s.key] ?? 0) })),
  };
}

/** Case types along x, each stacked by its stages (stages of the same title share a colour). */
export function caseStagesOption(types: readonly ReportBucket[], stages: readonly ReportCaseStage[]): ChartOption {
  const stageTitles = [...new Set(stages.map((s) => s.stageTitle))];
  return {
    tooltip: tooltipAxis,
    legend: { type: 'scroll', top: 0 },
    grid: { ...grid, top: 44 },
    xAxis: { type: 'category', data: types.map((t) => t.label), axisLabel: { interval: 0, rotate: types.length > 5 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: stageTitles.map((title) => ({
      type: 'bar',
      barMaxWidth: BAR_MAX_WIDTH,
      stack: 'stage',
      name: title,
      data: types.map((t) => stages.filter((s) => s.caseType === t.key && s.stageTitle === title).reduce((n, s) => n + s.count, 0)),
    })),
  };
}

/** Average and median days, as bars per type or lines per month. */
export function approvalOption(rows: readonly ReportApprovalTime[], kind: 'bar' | 'line'): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((r) => r.label) },
    yAxis: { type: 'value', name: '天' },
    series: [
      { type: kind, barMaxWidth: BAR_MAX_WIDTH, name: '平均天数', data: rows.map((r) => r.avgDays) },
      { type: kind, barMaxWidth: BAR_MAX_WIDTH, name: '中位天数', data: rows.map((r) => r.medianDays) },
    ],
  };
}

/** Amounts owed per group, one series per currency: amounts of different currencies are never added. */
export function feesOption(totals: readonly FinanceTotal[], top?: number): ChartOption {
  const groups: string[] = [];
  for (const t of totals) if (!groups.includes(t.label)) groups.push(t.label);
  const shown = top === undefined ? groups : groups.slice(0, top);
  const currencies = [...new Set(totals.map((t) => t.currency))];
  return {
    tooltip: tooltipAxis,
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: shown, axisLabel: { interval: 0, rotate: shown.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value' },
    series: currencies.map((currency) => ({
      type: 'bar',
      barMaxWidth: BAR_MAX_WIDTH,
      name: `应收合计（${currency}）`,
      data: shown.map((label) => totals.find((t) => t.label === label && t.currency === currency)?.total ?? 0),
    })),
  };
}
