import { Card, Col, Row, Statistic } from 'antd';
import type { ArchiveStatisticsProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { usePageQuery, useQueryValue } from '../../runtime/pageQueries.js';

/** Status groups of the archive header. */
const GROUPS: { title: string; statuses: string[] }[] = [
  { title: '已注册', statuses: ['已注册', '续展'] },
  { title: '审查中', statuses: ['申请中', '初审公告', '异议中'] },
  { title: '已失效', statuses: ['已驳回', '已无效', '已销亡'] },
];

/** Counts over what the page query's filter bar selects: total, status groups, expiring, in grace. */
export function ArchiveStatistics({ channel }: ArchiveStatisticsProps) {
  const conditions = useQueryValue(usePageQuery(channel), 'conditions');
  const { data } = useOperation('brandArchives.getBrandDetailsStatistics', conditions);
  const count = (statuses: string[]) => data?.byStatus.filter((s) => statuses.includes(s.tmStatus)).reduce((n, s) => n + s.count, 0) ?? 0;
  const items = [
    { title: '商标总数', value: data?.total ?? 0 },
    ...GROUPS.map((g) => ({ title: g.title, value: count(g.statuses) })),
    { title: `${data?.expiryMonths ?? 6} 个月内到期`, value: data?.expiringSoon ?? 0 },
    { title: '宽展期内', value: data?.inGrace ?? 0 },
  ];
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="archive-statistics">
      <Row gutter={16}>
        {items.map((item) => (
          <Col key={item.title} flex="1">
            <Statistic title={item.title} value={item.value} loading={!data} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
