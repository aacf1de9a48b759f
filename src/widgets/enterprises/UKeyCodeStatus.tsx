import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import type { UKeyCodeStatusProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useOperation } from '../../runtime/useOperation.js';

/** The form the server takes (softCertificate.saveUKeyCode). */
const CODE_PATTERN = /^[\x21-\x7e]{6,64}$/;
const CODE_RULE = '证书编码为 6 到 64 个字母、数字或英文符号，不含空格';

const beijingTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * 电子申请证书 of one enterprise: whether its code is set, its last four characters, by whom and
 * when; 设置 or 更换 opens a dialog for a new code. The code itself never comes back.
 */
export function UKeyCodeStatus({ enterpriseId }: UKeyCodeStatusProps) {
  const runtime = useRuntime();
  const id = Number(enterpriseId);
  const { data, mutate, isLoading } = useOperation('softCertificate.getUKeySignInfo', Number.isInteger(id) && id > 0 ? { enterpriseId: id } : null);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const canSet = runtime.permissions.has('enterprise');
  const problem = code && !CODE_PATTERN.test(code) ? CODE_RULE : null;

  const save = async () => {
    if (!CODE_PATTERN.test(code)) return runtime.notify('warning', CODE_RULE);
    setBusy(true);
    try {
      const status = await runtime.callOperation('softCertificate.saveUKeyCode', { enterpriseId: id, ukeyCode: code });
      await mutate(status, { revalidate: false });
      runtime.notify('success', '电子申请证书编码已保存');
      setOpen(false);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (isLoading && !data) body = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (!data?.set) body = <Tag>未设置</Tag>;
  else
    body = (
      <>
        <Tag color="success">已设置</Tag>
        {data.maskedCode && <Typography.Text code>{data.maskedCode}</Typography.Text>}
        <Typography.Text type="secondary">
          {data.setByName ?? '已删除的用户'} 设置于 {data.setAt ? beijingTime(data.setAt) : '--'}
        </Typography.Text>
      </>
    );

  return (
    <Card size="small" title="电子申请证书（UKey）" style={{ marginTop: 16 }}>
      <div className="ipm-ukey-status" aria-label="电子申请证书状态">
        {body}
        {canSet && data && (
          <Button
            size="small"
            onClick={() => {
              setCode('');
              setOpen(true);
            }}
          >
            {data.set ? '更换' : '设置'}
          </Button>
        )}
      </div>
      {data?.set && !data.readable && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message="已保存的编码无法用当前密钥解密（CREDENTIAL_KEY 可能已更换或各服务进程不一致），请重新设置"
        />
      )}
      <Modal
        title={data?.set ? '更换电子申请证书编码' : '设置电子申请证书编码'}
        open={open}
        width={440}
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">编码加密保存，保存后只显示末 4 位。</Typography.Paragraph>
        <Input.Password
          autoFocus
          aria-label="证书编码"
          placeholder="请输入电子申请证书编码"
          maxLength={64}
          value={code}
          status={problem ? 'error' : undefined}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => void save()}
          autoComplete="off"
        />
        {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      </Modal>
    </Card>
  );
}
