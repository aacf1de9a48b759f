import { Table, Tag, Typography } from 'antd';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import type { AttachmentFiles } from './caseFormPayload.js';

/** One attachment a case type asks for (its `attachments`). */
export interface CaseTypeAttachment {
  key: string;
  title: string;
  required?: boolean;
  accept?: string;
}

const extensions = (accept: string | undefined) =>
  accept
    ?.split(',')
    .map((e) => e.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean);

/** The attachments of a case type, one upload each (files kept with the case when it is saved); read-only once filed. */
export function CaseAttachments({
  attachments,
  files,
  onChange,
  readOnly,
}: {
  attachments: CaseTypeAttachment[];
  files: AttachmentFiles;
  onChange: (key: string, files: AttachmentFiles[string]) => void;
  readOnly: boolean;
}) {
  const known = new Set(attachments.map((a) => a.key));
  // Files kept under a key the type no longer names still show, so nothing the case holds is hidden.
  const rows: CaseTypeAttachment[] = [
    ...attachments,
    ...Object.keys(files)
      .filter((k) => !known.has(k) && files[k]!.length > 0)
      .map((key) => ({ key, title: '其他文件' })),
  ];
  return (
    <Table<CaseTypeAttachment>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      data-testid="case-attachments"
      locale={{ emptyText: <Typography.Text type="secondary">该类型不需要附件</Typography.Text> }}
      columns={[
        {
          title: '附件',
          dataIndex: 'title',
          width: '40%',
          render: (title: string, a) => (
            <>
              {title}
              {a.required && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  必需
                </Tag>
              )}
            </>
          ),
        },
        {
          title: '文件',
          key: 'files',
          render: (_, a) => (
            <div data-attachment={a.key} aria-label={a.title}>
              <AttachmentUpload
                value={files[a.key] ?? []}
                accept={extensions(a.accept)}
                readOnly={readOnly}
                disabled={readOnly}
                onChange={(next) => onChange(a.key, next)}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
