import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { CheckCircleFilled, FileTextOutlined } from '@ant-design/icons';
import { createForm } from '@formily/core';
import { FormProvider, createSchemaField, type ISchema } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import dayjs from 'dayjs';
import type { DemandPublicDemandFormResponse, DemandType, UploadedFile } from '../../../generated/types.js';
import { useOperation } from '../../../runtime/useOperation.js';
import { expressionScope, useRuntime } from '../../../runtime/runtimeContext.js';
import { useSchemaComponents, type SchemaComponent, type SchemaComponents } from '../../../runtime/schemaFieldContext.js';
import { FormItemStyleScope } from '../../../runtime/components/FormItem.js';
import { PublicLinkContext, PublicUpload } from './PublicUpload.js';
import { contactProblem, linkTokenOf } from './linkToken.js';
import { publicFormOf, type FormNode } from './publicForm.js';
import { PublicRecordNote } from './PublicRecordNote.js';
import './publicProposal.css';

interface ContactValues {
  title: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

/**
 * /case-proposal?link=: a client or business unit submits a proposal without an account. Only the
 * link's name and the types it allows are shown; the chosen type's form, a title, who to contact
 * and files; then a thank-you with the proposal's number. A link that is forged, expired or
 * revoked shows the server's message and no form.
 */
export function PublicProposal() {
  const runtime = useRuntime();
  const token = linkTokenOf(runtime.query);
  const link = useOperation('demand.publicDemandForm', token ? { token } : null);

  let body;
  if (!token) body = <LinkProblem text="链接不完整或格式不对，请向发送链接的人重新索取" />;
  else if (link.error) body = <LinkProblem text={link.error.message} />;
  else if (!link.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else
    body = (
      <PublicLinkContext.Provider value={token}>
        <ProposalSubmission token={token} link={link.data} />
      </PublicLinkContext.Provider>
    );
  return (
    <div className="pp-page" data-testid="public-proposal">
      <div className="pp-column">{body}</div>
    </div>
  );
}

function LinkProblem({ text }: { text: string }) {
  return (
    <div className="pp-card">
      <Result status="warning" title="无法提交提案" subTitle={<span data-testid="link-problem">{text}</span>} />
    </div>
  );
}

function ProposalSubmission({ token, link }: { token: string; link: DemandPublicDemandFormResponse }) {
  const [typeName, setTypeName] = useState<string | null>(link.types.length === 1 ? link.types[0].name : null);
  const [done, setDone] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const type = link.types.find((t) => t.name === typeName) ?? null;

  if (done) {
    return (
      <div className="pp-card pp-thanks" data-testid="proposal-thanks">
        <CheckCircleFilled className="pp-thanks-icon" />
        <h2>提交成功，感谢你的提案</h2>
        <p>
          提案编号 <strong data-testid="proposal-number">{done}</strong>
        </p>
        <p className="pp-muted">我们已收到你的提案，相关同事会尽快处理，如需补充材料会通过你留下的方式联系你。请记下提案编号以便查询。</p>
        <Button
          size="large"
          onClick={() => {
            setDone(null);
            setRound((r) => r + 1);
          }}
        >
          再提交一个提案
        </Button>
      </div>
    );
  }
  return (
    <>
      <header className="pp-banner">
        <FileTextOutlined className="pp-banner-icon" />
        <div>
          <h1 className="pp-title">{link.title}</h1>
          <div className="pp-subtitle">在线提交提案 · 链接有效期至 {dayjs(link.expiresAt).format('YYYY-MM-DD')}</div>
        </div>
      </header>
      {link.types.length === 0 ? (
        <div className="pp-card">
          <Result status="info" title="暂无可提交的提案类型" subTitle="请联系发送链接的人" />
        </div>
      ) : (
        <>
          <section className="pp-card">
            <h2 className="pp-card-title">
              <span className="pp-required">*</span>提案类型
            </h2>
            <div className="pp-types" role="radiogroup" aria-label="提案类型">
              {link.types.map((t) => (
                <button
                  key={t.name}
                  type="button"
                  role="radio"
                  aria-checked={t.name === typeName}
                  className={t.name === typeName ? 'pp-type pp-type-on' : 'pp-type'}
                  onClick={() => setTypeName(t.name)}
                >
                  {t.title}
                </button>
              ))}
            </div>
          </section>
          {type ? (
            <TypeForm key={`${type.name}-${round}`} token={token} type={type} onDone={setDone} />
          ) : (
            <div className="pp-card pp-muted">请先选择提案类型</div>
          )}
        </>
      )}
    </>
  );
}

function TypeForm({ token, type, onDone }: { token: string; type: DemandType; onDone: (demandNo: string) => void }) {
  const runtime = useRuntime();
  const components = useSchemaComponents();
  // There is no account here: the type's file fields upload through the link, and pickers of the
  // organisation's records (publicFormOf) show a note instead.
  const SchemaField = useMemo(() => {
    const swapped: SchemaComponents & Record<string, SchemaComponent> = {
      ...components,
      AttachmentUpload: PublicUpload,
      ThumbnailUpload: PublicUpload,
      PublicRecordNote,
    };
    return createSchemaField({ components: swapped as Record<string, never> });
  }, [components]);
  const typeForm = useMemo(() => createForm(), []);
  const schema = useMemo(() => publicFormOf(type.form as FormNode), [type.form]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const scope = useMemo(() => expressionScope(runtime), [runtime.user, runtime.permissions]);
  const [contact] = Form.useForm<ContactValues>();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hasFields = Object.keys((type.form as { properties?: object }).properties ?? {}).length > 0;

  const submit = async () => {
    setProblem(null);
    const [formOk, values] = await Promise.all([
      typeForm.validate().then(
        () => true,
        () => false,
      ),
      contact.validateFields().catch(() => null),
    ]);
    if (!formOk || !values) {
      setProblem('还有内容没有填好，请按提示修改');
      return;
    }
    setSending(true);
    try {
      const reply = await runtime.callOperation(
        'demand.publicDemandSubmit',
        {
          token,
          typeName: type.name,
          title: values.title.trim(),
          formData: JSON.parse(JSON.stringify(typeForm.values)) as Record<string, unknown>,
          files: files.map((f) => ({ fileName: f.name, filePath: f.path })),
          contactName: values.contactName.trim(),
          ...(values.contactPhone?.trim() ? { contactPhone: values.contactPhone.trim() } : {}),
          ...(values.contactEmail?.trim() ? { contactEmail: values.contactEmail.trim() } : {}),
        },
        { silent: true },
      );
      window.scrollTo(0, 0);
      onDone(reply.demandNo);
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {hasFields && (
        <section className="pp-card" data-testid="proposal-type-form">
          <h2 className="pp-card-title">{type.title}</h2>
          <FormProvider form={typeForm}>
            <FormItemStyleScope>
              <FormLayout layout="vertical">
                <div className="pp-type-form">
                  <SchemaField schema={schema as ISchema} scope={scope} />
                </div>
              </FormLayout>
            </FormItemStyleScope>
          </FormProvider>
        </section>
      )}
      <section className="pp-card">
        <h2 className="pp-card-title">提案说明与联系方式</h2>
        <Form form={contact} layout="vertical" requiredMark initialValues={{ title: '', contactName: '', contactPhone: '', contactEmail: '' }}>
          <Form.Item name="title" label="提案标题" rules={[{ required: true, whitespace: true, message: '请填写提案标题' }]}>
            <Input maxLength={100} placeholder="一句话说明要做什么，如“新品牌“云栖”在第 9、35 类申请注册”" />
          </Form.Item>
          <Form.Item name="contactName" label="联系人" rules={[{ required: true, whitespace: true, message: '请填写联系人' }]}>
            <Input maxLength={50} placeholder="你的姓名" autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label="联系电话"
            dependencies={['contactEmail']}
            rules={[
              { pattern: /^[0-9+() -]{5,30}$/, message: '联系电话只能包含数字、空格和 + - ( )，5 至 30 位' },
              ({ getFieldValue }) => ({
                validator: () => {
                  const text = contactProblem(getFieldValue('contactPhone') ?? '', getFieldValue('contactEmail') ?? '');
                  return text ? Promise.reject(new Error(text)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input maxLength={30} inputMode="tel" placeholder="手机或座机" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="contactEmail" label="邮箱" dependencies={['contactPhone']} rules={[{ type: 'email', message: '邮箱格式不对' }]}>
            <Input maxLength={100} inputMode="email" placeholder="name@example.com" autoComplete="email" />
          </Form.Item>
          <Form.Item label="附件" extra="可上传图片、PDF、Office 文档与压缩包，单个文件不超过 30MB，最多 10 个">
            <PublicUpload value={files} onChange={setFiles} maxCount={10} />
          </Form.Item>
        </Form>
      </section>
      {problem && <Alert className="pp-problem" type="error" showIcon message={problem} data-testid="proposal-problem" />}
      <div className="pp-submit">
        <Button type="primary" size="large" block loading={sending} onClick={() => void submit()}>
          提交提案
        </Button>
      </div>
    </>
  );
}
