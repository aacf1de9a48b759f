import { Input, InputNumber, Select, Tooltip, Typography } from 'antd';
import { unusedKey, type CaseStage } from './caseTypeBody.js';
import { describeProblem } from './caseTypeProblems.js';
import { RowsEditor } from './RowsEditor.js';
import { SectionProblems } from './SectionProblems.js';
import { fieldProblem, type SectionProps } from './sectionProps.js';

interface StagesSectionProps extends SectionProps {
  statusOptions: { value: string; label: string }[];
  /** The names of the letter-type catalogue: a stage is advanced by letters named as the catalogue names them. */
  letterTypeOptions: { value: string; label: string }[];
}

/** The stages a case of this type goes through, in order: each with its handling period, the letters that move a case into it and the status it takes on. */
export function CaseStagesSection({ body, change, problems, statusOptions, letterTypeOptions }: StagesSectionProps) {
  const stages = body.stages ?? [];
  const errorAt = (pointer: string) => {
    const problem = fieldProblem(problems, pointer);
    return problem ? { status: 'error' as const, title: describeProblem(problem) } : {};
  };
  return (
    <div className="ipm-case-section">
      <Typography.Paragraph type="secondary">
        案件按顺序经过这些阶段。期限为进入阶段后的办理天数；收到所列官文（申请号相符）时案件进入该阶段，并改为所选状态。
      </Typography.Paragraph>
      <SectionProblems problems={problems} />
      <RowsEditor<CaseStage>
        itemName="阶段"
        items={stages}
        onChange={(next) => change({ stages: next })}
        newItem={(items) => ({
          key: unusedKey(
            'stage',
            items.map((s) => s.key),
          ),
          title: '',
        })}
        columns={[
          {
            title: '阶段名称',
            render: (stage, update, i) => {
              const err = errorAt(`/stages/${i}/title`);
              return (
                <Tooltip title={err.title}>
                  <Input
                    aria-label={`第 ${i + 1} 个阶段的名称`}
                    placeholder="如：检索"
                    maxLength={30}
                    status={err.status}
                    value={stage.title}
                    onChange={(e) => update({ title: e.target.value })}
                  />
                </Tooltip>
              );
            },
          },
          {
            title: '期限（天）',
            width: 110,
            render: (stage, update, i) => (
              <InputNumber
                aria-label={`第 ${i + 1} 个阶段的期限`}
                min={0}
                max={3650}
                precision={0}
                style={{ width: '100%' }}
                status={errorAt(`/stages/${i}/deadlineDays`).status}
                value={stage.deadlineDays ?? null}
                onChange={(v) => update({ deadlineDays: v ?? undefined })}
              />
            ),
          },
          {
            title: '推进到本阶段的官文',
            width: 260,
            render: (stage, update, i) => (
              <Select
                aria-label={`第 ${i + 1} 个阶段的推进官文`}
                mode="multiple"
                style={{ width: '100%' }}
                placeholder="选择官文类型"
                options={letterTypeOptions}
                status={errorAt(`/stages/${i}/officialTypes`).status}
                value={stage.officialTypes ?? []}
                onChange={(types: string[]) => update({ officialTypes: types.length > 0 ? types : undefined })}
              />
            ),
          },
          {
            title: '进入时状态',
            width: 140,
            render: (stage, update, i) => (
              <Select
                aria-label={`第 ${i + 1} 个阶段的进入时状态`}
                allowClear
                style={{ width: '100%' }}
                placeholder="不改变"
                options={statusOptions}
                status={errorAt(`/stages/${i}/status`).status}
                value={stage.status}
                onChange={(status?: string) => update({ status })}
              />
            ),
          },
          {
            title: '标识',
            width: 130,
            render: (stage, update, i) => (
              <Input
                aria-label={`第 ${i + 1} 个阶段的标识`}
                maxLength={40}
                status={errorAt(`/stages/${i}/key`).status}
                value={stage.key}
                onChange={(e) => update({ key: e.target.value.trim() })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
