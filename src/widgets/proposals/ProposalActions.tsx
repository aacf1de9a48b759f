import { useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import type { DemandDetail, PersonOption } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';
import { PersonSearch } from '../../runtime/components/PersonSearch.js';
import { proposalListPath } from './proposalLook.js';
import { useRefreshProposals } from './refreshProposals.js';

type Dialog = 'approve' | 'reject' | 'reassign' | 'participants' | 'withdraw' | null;

interface DialogValues {
  comment?: string;
  schemeId?: number;
  people?: PersonOption[];
  reason?: string;
}

const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  approve: '同意',
  reject: '驳回',
  reassign: '转交审批',
  participants: '添加参与人',
  withdraw: '撤回提案',
};

/**
 * What the signed-in user may do with the proposal, as the server's `actions` say: 同意 / 驳回 with a
 * comment (required to reject), 转交 to a colleague with a reason, 添加参与人, 撤回 before the first
 * decision, 编辑, 提交审批 and 删除 (confirmed). A refusal shows the server's message and changes nothing.
 */
export function ProposalActions({ detail, onEdit }: { detail: DemandDetail; onEdit: () => void }) {
  const runtime = useRuntime();
  const { modal } = App.useApp();
  const refresh = useRefreshProposals();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<DialogValues>();
  const { actions } = detail;
  const schemes = useOperation('demand.schemeList', dialog === 'approve' ? { id: detail.id } : null);

  const open = (which: Exclude<Dialog, null>) => {
    form.resetFields();
    setDialog(which);
  };

  /** Runs a call; on success refreshes every proposal reply and closes the dialog; a refusal keeps it open with the input. */
  const run = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      runtime.notify('success', success);
      setDialog(null);
      await refresh();
      return true;
    } catch {
      // The HTTP client showed the server's message.
      await refresh();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const confirmDialog = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const id = detail.id;
    const stepId = actions.myStepId ?? undefined;
    const comment = values.comment?.trim();
    switch (dialog) {
      case 'approve':
        await run(
          () =>
            runtime.callOperation('demand.demandApproval', {
              id,
              ...(stepId ? { stepId } : {}),
              decision: 'approve',
              ...(comment ? { comment } : {}),
              ...(values.schemeId ? { schemeId: values.schemeId } : {}),
            }),
          '已同意',
        );
        break;
      case 'reject':
        await run(
          () => runtime.callOperation('demand.demandApproval', { id, ...(stepId ? { stepId } : {}), decision: 'reject', comment: comment ?? '' }),
          '已驳回',
        );
        break;
      case 'reassign': {
        const person = values.people?.[0];
        if (!person) return;
        await run(
          () => runtime.callOperation('demand.demandReassign', { id, ...(stepId ? { stepId } : {}), userId: person.id, reason: values.reason?.trim() ?? '' }),
          `已转交给${person.name}`,
        );
        break;
      }
      case 'participants': {
        const [first, ...rest] = (values.people ?? []).map((p) => p.id);
        if (first === undefined) return;
        const userIds: [number, ...number[]] = [first, ...rest];
        await run(() => runtime.callOperation('demand.addParticipants', { id, userIds }), `已添加 ${userIds.length} 位参与人`);
        break;
      }
      case 'withdraw': {
        const reason = values.reason?.trim();
        await run(() => runtime.callOperation('demand.withdrawDemand', { id, ...(reason ? { reason } : {}) }), '提案已撤回');
        break;
      }
      default:
    }
  };

  const submit = () =>
    modal.confirm({
      title: detail.round > 0 ? '确认重新提交审批吗？' : '确认提交审批吗？',
      content: '提交后按流程依次审批，审批人将收到消息。',
      okText: '提交',
      cancelText: '取消',
      onOk: () => run(() => runtime.callOperation('demand.submitForApproval', { id: detail.id }), '提案已提交审批'),
    });

  const remove = () =>
    modal.confirm({
      title: '确认要删除该提案吗？',
      content: '只有草稿和已撤回的提案可以删除，删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await runtime.callOperation('demand.delDemand', { id: detail.id });
          runtime.notify('success', '删除成功');
          await refresh();
          runtime.navigate(proposalListPath());
        } catch {
          // The HTTP client showed why.
        }
      },
    });

  const more = [
    ...(actions.addParticipants ? [{ key: 'participants', label: '添加参与人' }] : []),
    ...(actions.withdraw ? [{ key: 'withdraw', label: '撤回' }] : []),
    ...(actions.delete ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];

  const dialogBody: Record<Exclude<Dialog, null>, ReactNode> = {
    approve: (
      <>
        {(schemes.data?.list.length ?? 0) > 0 && !detail.chosenSchemeId && (
          <Form.Item name="schemeId" label="选定方案" extra="选定的方案随审批通过记入提案">
            <Radio.Group>
              <Space direction="vertical">
                {schemes.data!.list.map((s) => (
                  <Radio key={s.id} value={s.id}>
                    {s.title}
                    {s.fee !== null && <Typography.Text type="secondary">{`（预计 ${s.fee.toLocaleString('zh-CN')} 元）`}</Typography.Text>}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="comment" label="审批意见" rules={[{ max: 2000, message: '审批意见不能超过 2000 个字' }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder="选填" />
        </Form.Item>
      </>
    ),
    reject: (
      <Form.Item
        name="comment"
        label="驳回理由"
        rules={[
          { required: true, whitespace: true, message: '驳回时必须填写审批意见' },
          { max: 2000, message: '审批意见不能超过 2000 个字' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount placeholder="说明驳回的原因，发起人据此修改后可重新提交" />
      </Form.Item>
    ),
    reassign: (
      <>
        <Form.Item name="people" label="转交给" rules={[{ required: true, type: 'array', min: 1, message: '请选择转交给谁' }]}>
          <PersonSearch multiple={false} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="转交理由"
          rules={[
            { required: true, whitespace: true, message: '请填写转交理由' },
            { max: 500, message: '转交理由不能超过 500 个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：出差期间由副总监代为审批" />
        </Form.Item>
      </>
    ),
    participants: (
      <Form.Item name="people" label="参与人" extra="参与人可查看与评论提案" rules={[{ required: true, type: 'array', min: 1, message: '请选择参与人' }]}>
        <PersonSearch />
      </Form.Item>
    ),
    withdraw: (
      <>
        <Typography.Paragraph type="secondary">撤回后可修改再提交，或删除。已有人作出决定后不能撤回。</Typography.Paragraph>
        <Form.Item name="reason" label="撤回理由" rules={[{ max: 500, message: '撤回理由不能超过 500 个字' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填" />
        </Form.Item>
      </>
    ),
  };

  return (
    <>
      <Space wrap data-testid="proposal-actions">
        {actions.decide && (
          <>
            <Button type="primary" icon={<CheckOutlined />} onClick={() => open('approve')}>
              同意
            </Button>
            <Button danger icon={<CloseOutlined />} onClick={() => open('reject')}>
              驳回
            </Button>
          </>
        )}
        {actions.reassign && <Button onClick={() => open('reassign')}>转交</Button>}
        {actions.edit && <Button onClick={onEdit}>编辑</Button>}
        {actions.submit && (
          <Button type={actions.decide ? 'default' : 'primary'} onClick={submit}>
            {detail.round > 0 ? '重新提交审批' : '提交审批'}
          </Button>
        )}
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: more,
              onClick: ({ key }) => {
                if (key === 'delete') remove();
                else open(key as 'participants' | 'withdraw');
              },
            }}
          >
            <Button>
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <Button onClick={() => runtime.navigate(proposalListPath())}>返回列表</Button>
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? DIALOG_TITLES[dialog] : ''}
        okText={dialog === 'reject' ? '驳回' : dialog === 'withdraw' ? '撤回' : '确定'}
        okButtonProps={{ danger: dialog === 'reject' || dialog === 'withdraw', loading: busy }}
        cancelText="取消"
        onOk={() => void confirmDialog()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        width={520}
      >
        <Form form={form} layout="vertical" preserve={false} data-testid="proposal-action-form">
          {dialog && dialogBody[dialog]}
        </Form>
      </Modal>
    </>
  );
}
