import { Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNamedOperation } from '../useOperation.js';
import { readPath } from './readPath.js';
import type { OperationArticleProps } from '../../generated/types.js';

/** A titled text from one operation (agreement, notice); blank lines separate paragraphs. */
export function OperationArticle({ operation, titleField, contentField, dateField, dateLabel = '更新于' }: OperationArticleProps) {
  const { data, error } = useNamedOperation<unknown>(operation, {});
  if (error) return <Typography.Paragraph type="secondary">{error.message}</Typography.Paragraph>;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const content = String(readPath(data, contentField) ?? '');
  const date = dateField ? (readPath(data, dateField) as string | undefined) : undefined;
  return (
    <Typography className="ipm-article">
      <Typography.Title level={3}>{String(readPath(data, titleField) ?? '')}</Typography.Title>
      {date && <Typography.Paragraph type="secondary">{`${dateLabel} ${dayjs(date).format('YYYY-MM-DD')}`}</Typography.Paragraph>}
      {content.split(/\n{2,}/).map((block, i) => (
        <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-line' }}>
          {block}
        </Typography.Paragraph>
      ))}
    </Typography>
  );
}
