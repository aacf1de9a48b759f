import { Card, Descriptions, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { DisputeDetail as DisputeDetailData, DisputeDetailProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath } from '../cases/index.js';
import { ForwardButton } from '../messages/index.js';
import { LETTER_STATUS, OUTCOME_COLORS, OUTCOME_TITLES, PROCEDURE_TITLES, SIDE_TITLES, STAGE_TITLES } from './disputeLook.js';

type Letter = DisputeDetailData['letters'][number];
type Case = DisputeDetailData['cases'][number];

/** One dispute with the letters and cases behind it, each a link to its page. */
export function DisputeDetail({ id }: DisputeDetailProps) {
  const runtime = useRuntime();
  const disputeId = Number(id);
  const { data, isLoading } = useOperation('dispute.detail', disputeId > 0 ? { id: disputeId } : null);
  const types = useOperation('caseManage.caseTypes', runtime.permissions.has('caseManage') ? {} : null);
  if (!(disputeId > 0)) return <Empty description="请从争议列表打开" />;
  if (isLoading || !data) return <Skeleton active />;
  const d = data.dispute;
  const go = (path: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    runtime.navigate(path);
  };
  const letterPath = (l: Letter) => `/brand/filesAll?letter=${l.id}`;
  const caseLink = (c: Case) =>
    casePath(
      types.data?.list.find((t) => t.name === c.caseType),
      c.caseNo,
      c.caseType,
    );
  const markPath = d.brandId ? `/brand/detail?id=${d.brandId}` : null;
  const ourMark = `${d.ourTmName || '--'}${d.ourAppNo ? `（${d.ourAppNo}）` : ''}`;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="dispute-detail">
      <Card
        size="small"
        title={
          <Space>
            <span>{PROCEDURE_TITLES[d.procedure]}</span>
            <Tag bordered={false}>{SIDE_TITLES[d.ourSide]}</Tag>
            <Tag color="processing">{STAGE_TITLES[d.stage]}</Tag>
          </Space>
        }
        extra={d.brandId ? <ForwardButton kind="mark" objectId={d.brandId} label="转发商标" /> : null}
      >
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="我方商标">
            {markPath ? (
              <Typography.Link href={markPath} onClick={go(markPath)}>
                {ourMark}
              </Typography.Link>
            ) : (
              ourMark
            )}
          </Descriptions.Item>
          <Descriptions.Item label="对方当事人">{d.otherParty || '--'}</Descriptions.Item>
          <Descriptions.Item label="对方商标">{`${d.otherTmName || '--'}${d.otherAppNo ? `（${d.otherAppNo}）` : ''}`}</Descriptions.Item>
          <Descriptions.Item label="提交日期">{d.filedOn ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="期限">{d.nextDeadline ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="结果">
            <Tag color={OUTCOME_COLORS[d.outcome]}>{OUTCOME_TITLES[d.outcome]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="裁定结果">{d.rulingResult || '--'}</Descriptions.Item>
          <Descriptions.Item label="裁定日期">{d.ruledOn ?? '--'}</Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {d.remark || '--'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={`官文（${data.letters.length}）`} data-testid="dispute-letters">
        <Table<Letter>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.letters}
          locale={{ emptyText: '暂无关联官文' }}
          columns={[
            {
              title: '文件类型',
              dataIndex: 'documentType',
              render: (text: string, l) => (
                <Typography.Link href={letterPath(l)} onClick={go(letterPath(l))}>
                  {text}
                </Typography.Link>
              ),
            },
            { title: '申请号', dataIndex: 'appNo' },
            { title: '收文日期', dataIndex: 'receiveDate' },
            { title: '官方期限', dataIndex: 'officalLimit', render: (v: string | null) => v ?? '--' },
            { title: '处理状态', dataIndex: 'status', render: (s: number) => LETTER_STATUS[s] ?? s },
            { title: '裁定结果', dataIndex: 'rulingResult', render: (v: string) => v || '--' },
          ]}
        />
      </Card>
      <Card size="small" title={`案件（${data.cases.length}）`} data-testid="dispute-cases">
        <Table<Case>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.cases}
          locale={{ emptyText: '暂无关联案件' }}
          columns={[
            {
              title: '案件编号',
              dataIndex: 'caseNo',
              render: (no: string, c) => (
                <Typography.Link href={caseLink(c)} onClick={go(caseLink(c))}>
                  {no}
                </Typography.Link>
              ),
            },
            { title: '案件类型', dataIndex: 'caseType', render: (t: string) => types.data?.list.find((x) => x.name === t)?.title ?? t },
            { title: '阶段期限', dataIndex: 'stageDeadline', render: (v: string | null) => v ?? '--' },
          ]}
        />
      </Card>
    </Space>
  );
}
