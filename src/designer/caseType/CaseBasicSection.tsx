import { Form, Input, Radio, Select, Tag } from 'antd';
import { describeProblem } from './caseTypeProblems.js';
import { ARCHIVE_EFFECT_OPTIONS, CATEGORY_OPTIONS, FILING_FORM_OPTIONS, SCOPE_OPTIONS, TIED_MARKS_OPTIONS } from './caseTypeChoices.js';
import { fieldProblem, type SectionProps } from './sectionProps.js';
import { SectionProblems } from './SectionProblems.js';

interface BasicSectionProps extends SectionProps {
  /** The key is fixed once the type has been saved: versions are stored under it. */
  nameLocked: boolean;
}

/**
 * Name, key, category (fixed by the page: case types on /system/caseCreate, proposal types on
 * /system/proposalConfig) and, for a case type, what it does beyond its form: scope, archive
 * write-back, tied marks, filing form.
 */
export function CaseBasicSection({ body, change, problems, nameLocked }: BasicSectionProps) {
  const isCase = body.category !== 'proposal';
  const status = (pointer: string) => {
    const problem = fieldProblem(problems, pointer);
    return problem ? { validateStatus: 'error' as const, help: describeProblem(problem) } : {};
  };
  const fieldOf = (pointer: string) => (p: { at: string }) => p.at === pointer || p.at.startsWith(`${pointer}/`);
  const elsewhere = problems.filter(
    (p) => !['/title', '/name', '/category', '/scope', '/archiveEffect', '/tiedMarks', '/filingForm'].some((at) => fieldOf(at)(p)),
  );
  return (
    <div className="ipm-case-section">
      <SectionProblems problems={elsewhere} />
      <Form layout="horizontal" labelCol={{ flex: '120px' }} wrapperCol={{ flex: 'auto' }} style={{ maxWidth: 760 }}>
        <Form.Item label="名称" required {...status('/title')}>
          <Input
            aria-label="名称"
            placeholder={isCase ? '如：商标检索报告' : '如：商标注册申请提案'}
            maxLength={50}
            value={body.title}
            onChange={(e) => change({ title: e.target.value }, 'title')}
          />
        </Form.Item>
        <Form.Item
          label="标识"
          required
          extra={
            nameLocked ? '保存后标识不能再改，版本按它保存' : `小写英文字母开头，只含英文字母和数字，如 ${isCase ? 'trademarkSearchReport' : 'filingProposal'}`
          }
          {...status('/name')}
        >
          <Input
            aria-label="标识"
            placeholder={isCase ? 'trademarkSearchReport' : 'filingProposal'}
            maxLength={60}
            disabled={nameLocked}
            value={body.name}
            onChange={(e) => change({ name: e.target.value.trim() }, 'name')}
          />
        </Form.Item>
        <Form.Item label="类别" {...status('/category')}>
          <Tag color={isCase ? 'blue' : 'orange'} aria-label="类别">
            {CATEGORY_OPTIONS.find((o) => o.value === body.category)?.label ?? body.category}
          </Tag>
        </Form.Item>
        <Form.Item label="说明">
          <Input.TextArea
            aria-label="说明"
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={500}
            value={body.description ?? ''}
            onChange={(e) => change({ description: e.target.value || undefined }, 'description')}
          />
        </Form.Item>
        {isCase && (
          <>
            <Form.Item label="适用范围" {...status('/scope')}>
              <Radio.Group
                aria-label="适用范围"
                options={SCOPE_OPTIONS}
                value={body.scope ?? 'domestic'}
                onChange={(e) => change({ scope: e.target.value as 'domestic' | 'overseas' })}
              />
            </Form.Item>
            <Form.Item label="结案写回档案" extra="结果为成功并结案时对商标档案做的修改" {...status('/archiveEffect')}>
              <Select
                aria-label="结案写回档案"
                options={ARCHIVE_EFFECT_OPTIONS}
                value={body.archiveEffect ?? 'none'}
                onChange={(archiveEffect) => change({ archiveEffect })}
              />
            </Form.Item>
            <Form.Item label="连带商标" extra="法律要求一并办理的商标；递交前列出会被落下的商标" {...status('/tiedMarks')}>
              <Select aria-label="连带商标" options={TIED_MARKS_OPTIONS} value={body.tiedMarks ?? 'none'} onChange={(tiedMarks) => change({ tiedMarks })} />
            </Form.Item>
            <Form.Item label="申请书模板" extra="生成供递交的国家知识产权局申请书（.docx）；不选则不生成" {...status('/filingForm')}>
              <Select
                aria-label="申请书模板"
                allowClear
                placeholder="不生成申请书"
                options={FILING_FORM_OPTIONS}
                value={body.filingForm}
                onChange={(filingForm?: string) => change({ filingForm })}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </div>
  );
}
