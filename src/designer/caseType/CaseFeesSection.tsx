import { Checkbox, Input, InputNumber, Select, Typography } from 'antd';
import type { CaseFeeItem } from './caseTypeBody.js';
import { CURRENCY_OPTIONS, FEE_KIND_OPTIONS, FEE_PER_OPTIONS } from './caseTypeChoices.js';
import { RowsEditor } from './RowsEditor.js';
import { SectionProblems } from './SectionProblems.js';
import { fieldProblem, type SectionProps } from './sectionProps.js';

/** What a case of this type costs: official fees, the agency's fee and sundries, each by case, class, mark or country. */
export function CaseFeesSection({ body, change, problems }: SectionProps) {
  const bad = (pointer: string) => (fieldProblem(problems, pointer) ? ('error' as const) : undefined);
  return (
    <div className="ipm-case-section">
      <Typography.Paragraph type="secondary">
        费用项按计费单位乘以类别、商标或国家的数目计入案件。勾选“按费用配置取价”的代理费、杂费取本组织费用配置中该类型的价格，不填金额。
      </Typography.Paragraph>
      <SectionProblems problems={problems} />
      <RowsEditor<CaseFeeItem>
        itemName="费用项"
        items={body.feeItems ?? []}
        onChange={(feeItems) => change({ feeItems })}
        newItem={() => ({ name: '', kind: 'agency', per: 'case', currency: 'CNY' })}
        columns={[
          {
            title: '费用名称',
            render: (f, update, i) => (
              <Input
                aria-label={`第 ${i + 1} 个费用项的名称`}
                placeholder="如：检索服务费"
                maxLength={50}
                status={bad(`/feeItems/${i}/name`)}
                value={f.name}
                onChange={(e) => update({ name: e.target.value })}
              />
            ),
          },
          {
            title: '类别',
            width: 100,
            render: (f, update, i) => (
              <Select
                aria-label={`第 ${i + 1} 个费用项的类别`}
                style={{ width: '100%' }}
                options={FEE_KIND_OPTIONS}
                value={f.kind}
                onChange={(kind: CaseFeeItem['kind']) => update({ kind })}
              />
            ),
          },
          {
            title: '金额',
            width: 120,
            render: (f, update, i) => (
              <InputNumber
                aria-label={`第 ${i + 1} 个费用项的金额`}
                min={0}
                precision={2}
                style={{ width: '100%' }}
                disabled={f.caseTypePrice === true}
                status={bad(`/feeItems/${i}/amount`)}
                value={f.amount ?? null}
                onChange={(v) => update({ amount: v ?? undefined })}
              />
            ),
          },
          {
            title: '币种',
            width: 100,
            render: (f, update, i) => (
              <Select
                aria-label={`第 ${i + 1} 个费用项的币种`}
                style={{ width: '100%' }}
                options={CURRENCY_OPTIONS}
                value={f.currency ?? 'CNY'}
                onChange={(currency: CaseFeeItem['currency']) => update({ currency })}
              />
            ),
          },
          {
            title: '计费单位',
            width: 120,
            render: (f, update, i) => (
              <Select
                aria-label={`第 ${i + 1} 个费用项的计费单位`}
                style={{ width: '100%' }}
                options={FEE_PER_OPTIONS}
                value={f.per ?? 'case'}
                onChange={(per: CaseFeeItem['per']) => update({ per })}
              />
            ),
          },
          {
            title: '按费用配置取价',
            width: 120,
            render: (f, update, i) => (
              <Checkbox
                aria-label={`第 ${i + 1} 个费用项按费用配置取价`}
                disabled={f.kind === 'official'}
                checked={f.caseTypePrice === true}
                onChange={(e) => update(e.target.checked ? { caseTypePrice: true, amount: undefined } : { caseTypePrice: undefined })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
