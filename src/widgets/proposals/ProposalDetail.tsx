import { useMemo } from 'react';
import { Alert, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import dayjs from 'dayjs';
import type { DemandDetail } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import { AvatarBadge } from '../../runtime/blocks/AvatarBadge.js';
import { ProposalActions } from './ProposalActions.js';
import { ProposalCases } from './ProposalCases.js';
import { ProposalComments } from './ProposalComments.js';
import { ProposalDecisions } from './ProposalDecisions.js';
import { ProposalEditor } from './ProposalEditor.js';
import { ProposalFlowChart } from './ProposalFlowChart.js';
import { ProposalMarkList } from './ProposalMarksField.js';
import { StateTag } from './ProposalListCells.js';
import { ProposalSchemes } from './ProposalSchemes.js';
import { ProposalTrends } from './ProposalTrends.js';
import { uploadedFilesOf } from '../../runtime/upload/storedFiles.js';
import { proposalListPath, proposalPath } from './proposalLook.js';
import './proposals.css';
import { ForwardButton } from '../messages/index.js';

const TYPE_NAME = /^[a-z][A-Za-z0-9]*$/;
const at = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '--');

/**
 * 提案详情 (/brandManage/case-detail): ?id= opens a proposal (?edit=1 in its editor when its submitter
 * may edit it); ?type= starts a new proposal of that type (?brandId= with a mark of the archive).
 */
export function ProposalDetail() {
  const runtime = useRuntime();
  const idText = runtime.query.get('id') ?? '';
  const typeName = runtime.query.get('type') ?? '';
  const brandId = Number(runtime.query.get('brandId')) || undefined;
  const id = /^[1-9][0-9]{0,9}$/.test(idText) ? Number(idText) : 0;
  const newType = !idText && TYPE_NAME.test(typeName);
  const detail = useOperation('demand.demandDetails', id ? { id } : null);
  const types = useOperation('demand.demandTypes', newType ? {} : null);

  if (idText && !id) return <Alert type="error" showIcon message={`提案编号“${idText}”格式不对`} />;
  if (!id && !newType) return <Empty description="请从提案列表打开提案，或在“新建提案”中选择提案类型" />;
  if (detail.error || types.error) return <Alert type="error" showIcon message={(detail.error ?? types.error)!.message} />;

  if (newType) {
    if (!types.data) return <Skeleton active paragraph={{ rows: 12 }} />;
    const type = types.data.list.find((t) => t.name === typeName);
    if (!type) return <Alert type="error" showIcon message={`提案类型“${typeName}”不存在或未启用`} />;
    return (
      <ProposalEditor
        type={type}
        detail={null}
        brandId={brandId}
        onDone={(saved) => runtime.navigate(proposalPath(saved.id), { replace: true })}
        onCancel={() => runtime.navigate(proposalListPath())}
      />
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  const data = detail.data;
  if (runtime.query.get('edit') === '1' && data.actions.edit) {
    return (
      <ProposalEditor
        key={data.updatedAt}
        type={data.type}
        detail={data}
        onDone={(saved) => runtime.navigate(proposalPath(saved.id), { replace: true })}
        onCancel={() => runtime.navigate(proposalPath(data.id), { replace: true })}
      />
    );
  }
  return <ProposalView key={data.updatedAt} detail={data} onEdit={() => runtime.navigate(`${proposalPath(data.id)}&edit=1`, { replace: true })} />;
}

/** Where the proposal stands, in one sentence above everything else. */
function StandingNotice({ detail }: { detail: DemandDetail }) {
  if (detail.state === 'approving') {
    const waiting = detail.currentSteps.filter((s) => s.state === 'waiting');
    const text = waiting
      .map((s) => {
        const pending = s.approvers.filter((a) => a.decision === 'pending').map((a) => a.userName);
        return `“${s.nodeName}”等待 ${pending.join('、') || '审批人'} 审批${s.mode === 'all' ? '（会签）' : ''}${s.toAdmins ? '，审批规则找不到人，已转交组织管理员' : ''}`;
      })
      .join('；');
    return (
      <Alert
        className="proposal-notice"
        type={detail.actions.decide ? 'warning' : 'info'}
        showIcon
        message={detail.actions.decide ? '待你审批' : '审批中'}
        description={text || '等待审批'}
        data-testid="proposal-notice"
      />
    );
  }
  if (detail.state === 'rejected') {
    const rejection = [...detail.decisions].reverse().find((d) => d.decision === 'rejected');
    return (
      <Alert
        className="proposal-notice"
        type="error"
        showIcon
        message={rejection ? `${rejection.userName} 在“${rejection.nodeName}”驳回了提案` : '提案已被驳回'}
        description={
          <>
            {rejection?.comment && <div className="proposal-comment-text">驳回理由：{rejection.comment}</div>}
            <div>{detail.actions.edit ? '修改后可重新提交审批，审批从第一个节点重新开始。' : '发起人修改后可重新提交审批。'}</div>
          </>
        }
        data-testid="proposal-notice"
      />
    );
  }
  if (detail.state === 'approved') {
    return (
      <Alert
        className="proposal-notice"
        type="success"
        showIcon
        message="审批已通过"
        description={detail.cases.length ? `已建立 ${detail.cases.length} 件案件。` : '按提案类型不需要建立案件。'}
        data-testid="proposal-notice"
      />
    );
  }
  if (detail.state === 'withdrawn') {
    return (
      <Alert
        className="proposal-notice"
        type="warning"
        showIcon
        message="提案已撤回"
        description="发起人可修改后重新提交，或删除。"
        data-testid="proposal-notice"
      />
    );
  }
  if (detail.source === 'link' && detail.contact) {
    return (
      <Alert
        className="proposal-notice"
        type="info"
        showIcon
        message={`经外部链接“${detail.contact.linkTitle}”提交的草稿`}
        description={`联系人：${detail.contact.name}${detail.contact.phone ? ` · ${detail.contact.phone}` : ''}${detail.contact.email ? ` · ${detail.contact.email}` : ''}。接手的同事提交审批后成为发起人。`}
        data-testid="proposal-notice"
      />
    );
  }
  return null;
}

/** The proposal's page: header with its actions, the flow chart, the read-only form, files, schemes, cases, decisions, participants, comments and trends. */
function ProposalView({ detail, onEdit }: { detail: DemandDetail; onEdit: () => void }) {
  const runtime = useRuntime();
  const SchemaField = useSchemaField();
  const form = useMemo(
    () => createForm({ initialValues: structuredClone(detail.formData), readPretty: true }),
    // A newer version of the proposal remounts the view (keyed by its update time).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);
  const submitter = detail.source === 'link' && detail.contact ? `${detail.contact.name}（外部）` : detail.submitterName || '--';

  return (
    <div className="proposal-page" data-testid="proposal-detail" data-state={detail.state}>
      <Card
        className="proposal-header"
        title={
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="proposal-title">
              {detail.title}
            </Typography.Title>
            <StateTag state={detail.state} />
            <Tag bordered={false}>{detail.type.title}</Tag>
            {detail.round > 1 && <Tag bordered={false}>第 {detail.round} 轮</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            <ForwardButton kind="demand" objectId={detail.id} />
            <ProposalActions detail={detail} onEdit={onEdit} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="proposal-info">
          <Descriptions.Item label="提案编号">{detail.demandNo}</Descriptions.Item>
          <Descriptions.Item label="提案类型">{detail.type.title}</Descriptions.Item>
          <Descriptions.Item label="发起人">{submitter}</Descriptions.Item>
          <Descriptions.Item label="来源">{detail.source === 'link' ? '外部链接' : '内部发起'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{at(detail.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{at(detail.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="审批完成">{at(detail.decidedAt)}</Descriptions.Item>
          <Descriptions.Item label="类型版本">{detail.type.version === 0 ? '内置' : `第 ${detail.type.version} 版`}</Descriptions.Item>
        </Descriptions>
        <StandingNotice detail={detail} />
      </Card>

      <Card title="审批流程" size="small" className="proposal-block">
        <ProposalFlowChart demandId={detail.id} />
      </Card>

      <Row gutter={16} className="proposal-block">
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title={`${detail.type.title}内容`} size="small">
              <FormProvider form={form}>
                <FormLayout layout="vertical">
                  <div className="proposal-form" data-testid="proposal-form">
                    <SchemaField schema={detail.type.form as ISchema} scope={scope} />
                  </div>
                </FormLayout>
              </FormProvider>
            </Card>
            <Card title={`涉及的商标（${detail.marks.length}）`} size="small">
              <ProposalMarkList marks={detail.marks} />
            </Card>
            <Card title={`附件（${detail.files.length}）`} size="small">
              {detail.files.length ? (
                <AttachmentUpload value={uploadedFilesOf(detail.files)} readOnly />
              ) : (
                <Typography.Text type="secondary">没有附件</Typography.Text>
              )}
            </Card>
            {detail.letters.length > 0 && (
              <Card title={`关联官文（${detail.letters.length}）`} size="small">
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={detail.letters}
                  columns={[
                    { title: '文件类型', dataIndex: 'documentType' },
                    { title: '申请号', dataIndex: 'appNo' },
                    { title: '收文日期', dataIndex: 'receiveDate', render: (d: string | null) => d ?? '--' },
                    { title: '官方期限', dataIndex: 'deadline', render: (d: string | null) => d ?? '--' },
                  ]}
                />
              </Card>
            )}
            <Card title="方案" size="small">
              <ProposalSchemes demandId={detail.id} canSubmit={detail.actions.submitScheme} />
            </Card>
            <Card title={`建立的案件（${detail.cases.length}）`} size="small">
              <ProposalCases cases={detail.cases} state={detail.state} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title="审批记录" size="small">
              <ProposalDecisions decisions={detail.decisions} />
            </Card>
            <Card title={`参与人（${detail.participants.length}）`} size="small">
              {detail.participants.length ? (
                <div className="proposal-people" data-testid="proposal-participants">
                  {detail.participants.map((p) => (
                    <AvatarBadge key={p.id} name={p.name} size={28} showName />
                  ))}
                </div>
              ) : (
                <Typography.Text type="secondary">暂无参与人</Typography.Text>
              )}
            </Card>
            <Card title="评论" size="small">
              <ProposalComments demandId={detail.id} participants={detail.participants} canComment={detail.actions.comment} />
            </Card>
            <Card title="动态" size="small">
              <ProposalTrends demandId={detail.id} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}
