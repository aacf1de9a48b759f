import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { createForm, type Form } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { useSWRConfig } from 'swr';
import dayjs from 'dayjs';
import type { CaseApplicationProps, CaseDetail, CaseTypeSchema } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { expressionScope, useRuntime } from '../../runtime/runtimeContext.js';
import { useSchemaField } from '../../runtime/schemaFieldContext.js';
import { formProblems, problemText, type FormNode } from '../../shared/formRules.js';
import { attachmentFilesOf, bizParamOf, formValuesOf, type AttachmentFiles } from './caseFormPayload.js';
import { CaseAttachments, type CaseTypeAttachment } from './CaseAttachments.js';
import { CaseFees } from './CaseFees.js';
import { CaseMoves } from './CaseMoves.js';
import { CaseStages } from './CaseStages.js';
import { CaseMarks } from './CaseMarks.js';
import { CaseTrends } from './CaseTrends.js';
import { CaseComments } from './CaseComments.js';
import { StatusTag, statusColor } from './CaseStatusTag.js';
import { useRefreshCases } from './refreshCases.js';
import { askTiedMarks } from './askTiedMarks.js';
import './cases.css';
import { ForwardButton } from '../messages/index.js';
import { refuseWhileUploading } from '../../runtime/upload/uploadsInFlight.js';

const CASE_NO = /^AJ[0-9]{13}$/;
const TYPE_NAME = /^[a-z][A-Za-z0-9]*$/;
const LIST = '/brand/caseList';

const at = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '--');

/** The form's archive-mark field and what choosing a mark fills in (its MarkPicker's `fill`). */
function markPickerOf(node: FormNode): { name: string; fill: Record<string, string> } | null {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (child['x-component'] === 'MarkPicker') {
      const props = (child['x-component-props'] ?? {}) as { fill?: Record<string, string> };
      return { name, fill: props.fill ?? {} };
    }
    const inner = markPickerOf(child);
    if (inner) return inner;
  }
  return null;
}

/** The problems of the form the user can see: the shared rules of the type's form, less fields the form hides (a priority claim not made). */
function visibleProblems(form: Form, schema: CaseTypeSchema): string[] {
  return formProblems(schema.form as FormNode, form.values)
    .filter((p) => {
      const field = form.query(p.path).take();
      return field ? field.visible : false;
    })
    .map(problemText);
}

/**
 * A case type's application and case page (/case/*, /brands/*, /case-custom): the type's form,
 * attachments and fees; an existing case (?caseNo=) with its moves, stages, marks, comments and
 * trends. Read-only on the type's detail route and once the case may no longer be edited.
 */
export function CaseApplication({ caseType }: CaseApplicationProps) {
  const runtime = useRuntime();
  const caseNo = runtime.query.get('caseNo') ?? '';
  const validNo = CASE_NO.test(caseNo);
  const validType = TYPE_NAME.test(caseType ?? '');
  const detail = useOperation('caseManage.queryCase', validNo ? { caseNo } : null);
  const type = useOperation('caseManage.caseTypeSchema', validNo ? { caseNo } : validType ? { caseType } : null);

  if (caseNo && !validNo) return <Alert type="error" showIcon message={`案件编号“${caseNo}”格式不对`} />;
  if (!caseNo && !validType) return <Empty description="请从案件列表的“新建案件”中选择案件类型" />;
  if (detail.error || type.error) return <Alert type="error" showIcon message={(detail.error ?? type.error)!.message} />;
  if (!type.data || (validNo && !detail.data)) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <CaseWorkspace key={`${detail.data?.caseNo ?? 'new'}-${detail.data?.revision ?? 0}`} schema={type.data} detail={detail.data ?? null} />;
}

function CaseWorkspace({ schema, detail }: { schema: CaseTypeSchema; detail: CaseDetail | null }) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const SchemaField = useSchemaField();
  const { mutate } = useSWRConfig();
  const refresh = useRefreshCases();
  const path = window.location.pathname;
  const onDetailRoute = schema.routes.detail === path;
  const editable = detail ? detail.actions.includes('edit') && !onDetailRoute : !onDetailRoute;
  const brandParam = Number(runtime.query.get('brandId'));

  const form = useMemo(() => {
    return createForm({ initialValues: detail ? formValuesOf(detail) : {}, readPretty: !editable });
    // The workspace is keyed by the case's revision: a new revision starts a new form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [files, setFiles] = useState<AttachmentFiles>(() => (detail ? attachmentFilesOf(detail) : {}));
  const [saving, setSaving] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions, runtime.query]);

  // A mark chosen on the mark's page fills what the type's MarkPicker would have filled.
  const picker = useMemo(() => markPickerOf(schema.form as FormNode), [schema.form]);
  const preset = useOperation('brandArchives.queryBrandPage', !detail && brandParam > 0 && picker ? { ids: [brandParam], pageNo: 1, pageSize: 1 } : null);
  useEffect(() => {
    const mark = preset.data?.list[0];
    if (!mark || !picker) return;
    form.setValuesIn(picker.name, mark.id);
    for (const [field, source] of Object.entries(picker.fill)) {
      const value = (mark as unknown as Record<string, unknown>)[source];
      if (value !== null && value !== undefined && value !== '') form.setValuesIn(field, value);
    }
  }, [form, picker, preset.data]);

  const countryName = (code: string) => detail?.bizParam.detailCgInfo.find((c) => c.appCountry === code)?.countryName || code;
  const title = detail ? `${schema.title} · ${detail.caseNo}` : `新建${schema.title}`;
  const canEdit = runtime.permissions.has('caseManage');

  /** Saves the form (new or the revision read), keeping the user's input when the server refuses it. */
  const save = async (quiet = false): Promise<CaseDetail | null> => {
    if (refuseWhileUploading(form, (text) => runtime.notify('warning', text))) return null;
    const bizParam = bizParamOf(schema.scope, form.values, files);
    setSaving(true);
    try {
      const saved = detail
        ? await runtime.callOperation('caseManage.updateCase', { caseNo: detail.caseNo, revision: detail.revision, bizParam })
        : await runtime.callOperation('caseManage.saveCase', { caseType: schema.name, bizParam });
      if (!quiet) runtime.notify('success', detail ? '案件已保存' : `案件已创建：${saved.caseNo}`);
      await mutate(['caseManage.queryCase', JSON.stringify({ caseNo: saved.caseNo })], saved, { revalidate: false });
      if (!detail) runtime.navigate(`${path}?caseNo=${saved.caseNo}`, { replace: true });
      return saved;
    } catch {
      // The HTTP client showed the server's message (a 409 names who saved first); the input stays.
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** 提交: the form's own rules first (named, nothing sent), then the save of what is on screen, then the move. */
  const submit = async () => {
    const problems = visibleProblems(form, schema);
    if (problems.length > 0) {
      void form.validate().catch(() => undefined);
      runtime.notify('error', `还不能提交：${problems.slice(0, 5).join('；')}${problems.length > 5 ? ` 等 ${problems.length} 处` : ''}`);
      return;
    }
    const saved = editable ? await save(true) : detail;
    if (!saved) return;
    try {
      // Marks the law makes move with these (a change of name, a transfer) that the case leaves out: the handler decides.
      const tied = schema.tiedMarks === 'none' ? null : await runtime.callOperation('caseManage.queryTiedMarks', { caseNo: saved.caseNo });
      const confirmTiedMarks = tied !== null && tied.list.length > 0;
      if (confirmTiedMarks && !(await askTiedMarks(modal, tied.rule, tied.list))) return;
      await runtime.callOperation('caseManage.submitCase', {
        caseNo: saved.caseNo,
        revision: saved.revision,
        ...(confirmTiedMarks ? { confirmTiedMarks } : {}),
      });
      runtime.notify('success', '案件已提交');
      await refresh();
    } catch {
      // The HTTP client showed what the server still misses (attachments, say).
      await refresh();
    }
  };

  const formCard = (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <div className="case-form" data-testid="case-form">
          <SchemaField schema={schema.form as ISchema} scope={scope} />
        </div>
      </FormLayout>
    </FormProvider>
  );

  const header = (
    <Card
      className="case-header"
      title={
        <Space size={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {detail && <StatusTag title={detail.statusTitle} color={statusColor(schema, detail.status)} />}
          {detail?.stageTitle && <Tag>{detail.stageTitle}</Tag>}
          {!editable && <Tag color="default">只读</Tag>}
        </Space>
      }
      extra={
        <Space wrap>
          {editable && canEdit && (
            <Button type={detail ? 'default' : 'primary'} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          )}
          {detail && <CaseMoves detail={detail} filingForm={schema.filingForm} onSubmit={submit} onDeleted={() => runtime.navigate(LIST)} />}
          {detail && <ForwardButton kind="case" objectId={detail.caseNo} />}
          {!detail && canEdit && (
            <Button onClick={() => void submit()} disabled={saving}>
              提交
            </Button>
          )}
          <Button onClick={() => runtime.navigate(LIST)}>返回列表</Button>
        </Space>
      }
    >
      {detail ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="case-info">
          <Descriptions.Item label="案件编号">{detail.caseNo}</Descriptions.Item>
          <Descriptions.Item label="商标">{detail.bizParam.tmName || '--'}</Descriptions.Item>
          <Descriptions.Item label="申请人">{detail.applicantName || '--'}</Descriptions.Item>
          <Descriptions.Item label="申请号">{detail.appNo || '--'}</Descriptions.Item>
          <Descriptions.Item label="承办人">{detail.handlerName || '--'}</Descriptions.Item>
          <Descriptions.Item label="创建">{`${detail.creatorName} ${at(detail.createdAt)}`}</Descriptions.Item>
          <Descriptions.Item label="递交方式">{detail.submitType === 'paper' ? '纸质递交' : '电子递交'}</Descriptions.Item>
          <Descriptions.Item label="递交时间">{at(detail.filedAt)}</Descriptions.Item>
          {detail.result && (
            <Descriptions.Item label="结果">{`${detail.result === 'success' ? '成功' : '失败'}${detail.resultNote ? `：${detail.resultNote}` : ''}`}</Descriptions.Item>
          )}
          {detail.parentCaseNo && <Descriptions.Item label="母案件">{detail.parentCaseNo}</Descriptions.Item>}
          <Descriptions.Item label="类型版本">{detail.typeVersion === 0 ? '内置' : `第 ${detail.typeVersion} 版`}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">填写申请内容后“保存”为草稿；材料齐全后“提交”，由有递交权限的同事向官方递交。</Typography.Text>
      )}
    </Card>
  );

  const main = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {formCard}
      <Card title="附件" size="small">
        {/* In the form's provider so that the case is not saved while its files travel. */}
        <FormProvider form={form}>
          <CaseAttachments
            attachments={schema.attachments as unknown as CaseTypeAttachment[]}
            files={files}
            readOnly={!editable}
            onChange={(key, next) => setFiles((current) => ({ ...current, [key]: next }))}
          />
        </FormProvider>
      </Card>
      <Card title="费用" size="small">
        <CaseFees fees={detail?.fees ?? []} countryName={countryName} />
      </Card>
      {detail && (
        <Card title="涉及的商标" size="small">
          <CaseMarks marks={detail.marks} />
        </Card>
      )}
    </Space>
  );

  return (
    <div className="case-application" data-testid="case-application">
      {header}
      {detail ? (
        <Row gutter={16} className="case-block">
          <Col xs={24} xl={16}>
            {main}
          </Col>
          <Col xs={24} xl={8}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Card title="办理阶段" size="small">
                <CaseStages stages={detail.stages} />
              </Card>
              <Card title="动态" size="small">
                <CaseTrends caseNo={detail.caseNo} />
              </Card>
              <Card title="评论" size="small">
                <CaseComments caseNo={detail.caseNo} />
              </Card>
            </Space>
          </Col>
        </Row>
      ) : (
        <div className="case-block">{main}</div>
      )}
    </div>
  );
}
