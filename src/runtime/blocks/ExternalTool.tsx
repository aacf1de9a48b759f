import { Button, Result, Skeleton } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useOperation } from '../useOperation.js';
import type { ExternalToolProps } from '../../generated/types.js';

/** A tool served by an outside search service: opens its configured address in a new window. */
export function ExternalTool({ toolKey, title, description }: ExternalToolProps) {
  const { data } = useOperation('site.getExternalTools', {});
  if (!data) return <Skeleton active />;
  const url = data.tools.find((t) => t.key === toolKey)?.url;
  if (!url) {
    return <Result status="info" title={title} subTitle="该工具由外部检索服务提供，管理员尚未设置该工具的地址。" />;
  }
  return (
    <Result
      status="info"
      icon={<ExportOutlined />}
      title={title}
      subTitle={description ? `${description}：由外部检索服务提供，将在新窗口中打开。` : '由外部检索服务提供，将在新窗口中打开。'}
      extra={
        <Button type="primary" href={url} target="_blank" rel="noreferrer">
          在新窗口打开
        </Button>
      }
    />
  );
}
