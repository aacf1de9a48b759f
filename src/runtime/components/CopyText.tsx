import { Button, Space, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { CopyTextProps } from '../../generated/types.js';
import { useRuntime } from '../runtimeContext.js';

/** The clipboard API where the page may use it, else the selection-based fallback of older pages. */
async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

type Props = CopyTextProps & { value?: string | number | null };

/** Text with a copy button; copying says "复制成功" (spec 001 §8). */
export function CopyText({ text, value, placeholder = '--' }: Props) {
  const runtime = useRuntime();
  const shown = text ?? (value === null || value === undefined ? '' : String(value));
  if (!shown) return <Typography.Text type="secondary">{placeholder}</Typography.Text>;
  const copy = async () => {
    try {
      await copyToClipboard(shown);
      runtime.notify('success', '复制成功');
    } catch {
      runtime.notify('error', '复制失败，请手动复制');
    }
  };
  return (
    <Space size={4} className="ipm-copy-text">
      <Typography.Text>{shown}</Typography.Text>
      <Tooltip title="复制">
        <Button type="text" size="small" icon={<CopyOutlined />} aria-label={`复制 ${shown}`} onClick={() => void copy()} />
      </Tooltip>
    </Space>
  );
}
