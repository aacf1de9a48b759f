import { useState } from 'react';
import { saveBlob } from '../../runtime/saveBlob.js';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CaseDetail } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { confirmOptions } from '../../runtime/confirmDialog.js';
import { useRefreshCases } from './refreshCases.js';

type Move = 'confirmSubmission' | 'supplyAppNo' | 'setResult' | 'resubmit' | 'changeSubmitType';

const TITLES: Record<Move, string> = {
  confirmSubmission: '确认递交',
  supplyAppNo: '补录申请号',
  setResult: '登记结果',
  resubmit: '退回重新提交',
  changeSubmitType: '变更递交方式',
};

const SUBMIT_TYPES = [
  { value: 'online', label: '电子递交' },
  { value: 'paper', label: '纸质递交' },
];

interface MoveValues {
  submitType?: 'online' | 'paper';
  filedDate?: Dayjs;
  appNo?: string;
  appCountry?: string;
  result?: 'success' | 'failure';
  resultNote?: string;
  reason?: string;
}

/** The dialog of one move: its few fields, sent to the move's operation; closed only once the server accepted it. */
function MoveDialog({ move, detail, onClose }: { move: Move; detail: CaseDetail; onClose(done: boolean): void }) {
  const runtime = useRuntime();
  const [form] = Form.useForm<MoveValues>();
  const [busy, setBusy] = useState(false);
  const countries = detail.bizParam.detailCgInfo;
  const caseNo = detail.caseNo;

  const send = async () => {
    let v: MoveValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if (move === 'confirmSubmission')
        await runtime.callOperation('caseManage.confirmSubmissionCase', {
          caseNo,
          submitType: v.submitType,
          ...(v.filedDate ? { filedDate: v.filedDate.format('YYYY-MM-DD') } : {}),
        });
      else if (move === 'supplyAppNo')
        await runtime.callOperation('caseManage.caseAppNoSupply', { caseNo, appNo: v.appNo!.trim(), ...(v.appCountry ? { appCountry: v.appCountry } : {}) });
      else if (move === 'setResult')
        await runtime.callOperation('caseManage.setCaseResultValue', { caseNo, result: v.result!, ...(v.resultNote ? { resultNote: v.resultNote } : {}) });
      else
        await runtime.callOperation('caseManage.changeSubmitTypeOrResubmit', {
          caseNo,
          action: move,
          ...(move === 'changeSubmitType' ? { submitType: v.submitType } : {}),
          ...(v.reason ? { reason: v.reason } : {}),
        });
      runtime.notify('success', `${TITLES[move]}成功`);
      onClose(true);
    } catch {
      // The HTTP client showed why; the dialog stays with what was entered.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`${TITLES[move]}：${detail.caseNo}`}
      okText="确定"
      cancelText="取消"
      okButtonProps={move === 'resubmit' ? { danger: true } : undefined}
      confirmLoading={busy}
      onOk={() => void send()}
      onCancel={() => onClose(false)}
      destroyOnClose
    >
      <Form<MoveValues>
        form={form}
        layout="vertical"
        initialValues={{
          submitType: detail.submitType,
          filedDate: dayjs(),
          result: 'success',
          appCountry: countries.length > 1 ? countries[0]?.appCountry : undefined,
        }}
      >
        {(move === 'confirmSubmission' || move === 'changeSubmitType') && (
          <Form.Item name="submitType" label="递交方式" rules={[{ required: true, message: '请选择递交方式' }]}>
            <Radio.Group options={SUBMIT_TYPES} />
          </Form.Item>
        )}
        {move === 'confirmSubmission' && (
          <Form.Item name="filedDate" label="递交日期" rules={[{ required: true, message: '请选择递交日期' }]}>
            <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {move === 'supplyAppNo' && (
          <>
            {countries.length > 1 && (
              <Form.Item name="appCountry" label="申请国家/地区">
                <Select options={countries.map((c) => ({ value: c.appCountry, label: c.countryName || c.appCountry }))} />
              </Form.Item>
            )}
            <Form.Item
              name="appNo"
              label="申请号"
              rules={[
                { required: true, whitespace: true, message: '请输入申请号' },
                { pattern: /^[A-Za-z0-9./-]+$/, message: '申请号只能包含字母、数字与 . / -' },
              ]}
            >
              <Input maxLength={50} placeholder="官方受理的申请号" />
            </Form.Item>
          </>
        )}
        {move === 'setResult' && (
          <>
            <Form.Item name="result" label="结果" rules={[{ required: true, message: '请选择结果' }]}>
              <Radio.Group
                options={[
                  { value: 'success', label: '成功' },
                  { value: 'failure', label: '失败' },
                ]}
              />
            </Form.Item>
            <Form.Item name="resultNote" label="结果说明">
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </>
        )}
        {(move === 'resubmit' || move === 'changeSubmitType') && (
          <Form.Item
            name="reason"
            label="原因"
            rules={move === 'resubmit' ? [{ required: true, whitespace: true, message: '请填写退回原因' }] : []}
            extra={move === 'resubmit' ? '案件退回承办人修改，修改后重新提交；已确认的递交作废。' : undefined}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The moves the case's status and the user's permissions allow (the server lists them in
 * `actions`): 提交 validates and saves the form first (the page's), the others open their dialog;
 * 删除 asks first.
 */
export function CaseMoves({
  detail,
  filingForm,
  onSubmit,
  onDeleted,
}: {
  detail: CaseDetail;
  /** The type's CNIPA form, when it has one: staff download it filled, check it and file it. */
  filingForm: string | null;
  onSubmit(): Promise<void>;
  onDeleted(): void;
}) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const refresh = useRefreshCases();
  const [open, setOpen] = useState<Move | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const can = (action: string) => detail.actions.includes(action);

  const submit = async () => {
    setSubmitting(true);
    try {
      await onSubmit();
    } finally {
      setSubmitting(false);
    }
  };

  const remove = () =>
    modal.confirm(
      confirmOptions({ variant: 'delete', title: `确认要删除案件 ${detail.caseNo} 吗？` }, async (confirmed) => {
        if (!confirmed) return;
        try {
          await runtime.callOperation('caseManage.deleteCase', { caseNo: detail.caseNo });
          runtime.notify('success', '删除成功');
          await refresh();
          onDeleted();
        } catch {
          // The HTTP client showed why.
        }
      }),
    );

  const withdraw = () =>
    modal.confirm(
      confirmOptions({ title: `确认要撤回案件 ${detail.caseNo} 吗？`, content: '撤回后案件回到草稿，可修改后再提交。' }, async (confirmed) => {
        if (!confirmed) return;
        try {
          await runtime.callOperation('caseManage.withdrawCase', { caseNo: detail.caseNo, revision: detail.revision });
          runtime.notify('success', '撤回成功');
          await refresh();
        } catch {
          // The HTTP client showed why.
        }
      }),
    );

  const download = async () => {
    runtime.notify('warning', '下载即将开始，请稍候');
    try {
      saveBlob(await runtime.callOperation('caseManage.filingForm', { caseNo: detail.caseNo }), `${detail.caseNo}-申请书.docx`);
    } catch {
      // The HTTP client showed why.
    }
  };

  // A 撤三答辩 answers with the mark's evidence of use: its files and index, ready to file.
  const evidenceMark = detail.caseType === 'removeDefence' && runtime.permissions.has('trademark') ? detail.bizParam.brandId : null;
  const downloadEvidence = async (brandId: number) => {
    runtime.notify('warning', '下载即将开始，请稍候');
    try {
      saveBlob(await runtime.callOperation('evidence.bundle', { brandId }), `${detail.caseNo}-使用证据.zip`);
    } catch {
      // The HTTP client showed why (no evidence yet, for one).
    }
  };

  const moves = (['confirmSubmission', 'supplyAppNo', 'setResult', 'changeSubmitType', 'resubmit'] as const).filter(can);
  return (
    <Space wrap data-testid="case-moves">
      {can('submit') && (
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          提交
        </Button>
      )}
      {moves.map((move) => (
        <Button key={move} type={move === 'confirmSubmission' ? 'primary' : 'default'} danger={move === 'resubmit'} onClick={() => setOpen(move)}>
          {TITLES[move]}
        </Button>
      ))}
      {can('withdraw') && <Button onClick={withdraw}>撤回</Button>}
      {filingForm && <Button onClick={() => void download()}>下载申请书</Button>}
      {evidenceMark && <Button onClick={() => void downloadEvidence(evidenceMark)}>下载证据包</Button>}
      {can('delete') && (
        <Button danger onClick={remove}>
          删除
        </Button>
      )}
      {open && (
        <MoveDialog
          move={open}
          detail={detail}
          onClose={(done) => {
            setOpen(null);
            if (done) void refresh();
          }}
        />
      )}
    </Space>
  );
}
