import { Checkbox, Input, Typography } from 'antd';
import { unusedKey, type CaseAttachment } from './caseTypeBody.js';
import { RowsEditor } from './RowsEditor.js';
import { SectionProblems } from './SectionProblems.js';
import { fieldProblem, type SectionProps } from './sectionProps.js';

/** The files a case of this type is filed with; a required one missing keeps the case from being submitted. */
export function CaseAttachmentsSection({ body, change, problems }: SectionProps) {
  const bad = (pointer: string) => (fieldProblem(problems, pointer) ? ('error' as const) : undefined);
  return (
    <div className="ipm-case-section">
      <Typography.Paragraph type="secondary">递交所需的文件。勾选“必须上传”的文件没有上传时，案件不能提交。</Typography.Paragraph>
      <SectionProblems problems={problems} />
      <RowsEditor<CaseAttachment>
        itemName="附件"
        items={body.attachments ?? []}
        onChange={(attachments) => change({ attachments })}
        newItem={(items) => ({
          key: unusedKey(
            'file',
            items.map((a) => a.key),
          ),
          title: '',
          required: true,
        })}
        columns={[
          {
            title: '附件名称',
            render: (a, update, i) => (
              <Input
                aria-label={`第 ${i + 1} 个附件的名称`}
                placeholder="如：委托书"
                maxLength={50}
                status={bad(`/attachments/${i}/title`)}
                value={a.title}
                onChange={(e) => update({ title: e.target.value })}
              />
            ),
          },
          {
            title: '允许的扩展名',
            width: 200,
            render: (a, update, i) => (
              <Input
                aria-label={`第 ${i + 1} 个附件允许的扩展名`}
                placeholder=".pdf,.jpg（不填则不限）"
                maxLength={100}
                value={a.accept ?? ''}
                onChange={(e) => update({ accept: e.target.value.replace(/\s/g, '') || undefined })}
              />
            ),
          },
          {
            title: '必须上传',
            width: 90,
            render: (a, update, i) => (
              <Checkbox aria-label={`第 ${i + 1} 个附件必须上传`} checked={a.required === true} onChange={(e) => update({ required: e.target.checked })} />
            ),
          },
          {
            title: '标识',
            width: 130,
            render: (a, update, i) => (
              <Input
                aria-label={`第 ${i + 1} 个附件的标识`}
                maxLength={40}
                status={bad(`/attachments/${i}/key`)}
                value={a.key}
                onChange={(e) => update({ key: e.target.value.trim() })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
