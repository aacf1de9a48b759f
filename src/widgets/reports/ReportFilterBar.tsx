import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportFilter } from '../../generated/types.js';
import { countryWidgets } from '../countries/index.js';

const CountrySelect = countryWidgets.CountrySelect;
const CLASSES = Array.from({ length: 45 }, (_, i) => ({ value: i + 1, label: `第 ${i + 1} 类` }));

interface Draft {
  range: [Dayjs | null, Dayjs | null] | null;
  applicant: string;
  tmCl?: number;
  countryCode?: string;
}

const draftOf = (f: ReportFilter): Draft => ({
  range: f.dateFrom || f.dateTo ? [f.dateFrom ? dayjs(f.dateFrom) : null, f.dateTo ? dayjs(f.dateTo) : null] : null,
  applicant: f.applicant ?? '',
  tmCl: f.tmCl,
  countryCode: f.countryCode,
});

function filterOf(d: Draft): ReportFilter {
  const [from, to] = d.range ?? [null, null];
  return {
    ...(from ? { dateFrom: from.format('YYYY-MM-DD') } : {}),
    ...(to ? { dateTo: to.format('YYYY-MM-DD') } : {}),
    ...(d.applicant.trim() ? { applicant: d.applicant.trim() } : {}),
    ...(d.tmCl ? { tmCl: d.tmCl } : {}),
    ...(d.countryCode ? { countryCode: d.countryCode } : {}),
  };
}

/** The conditions all charts share; each chart says which of them it takes. Applied on 查询. */
export function ReportFilterBar({ value, onChange }: { value: ReportFilter; onChange(filter: ReportFilter): void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Form layout="inline" className="report-filter-bar" data-testid="report-filters" onFinish={() => onChange(filterOf(draft))}>
      <Form.Item label="日期范围">
        <DatePicker.RangePicker allowEmpty={[true, true]} value={draft.range} onChange={(range) => set({ range: range as Draft['range'] })} />
      </Form.Item>
      <Form.Item label="申请人">
        <Input
          allowClear
          maxLength={100}
          placeholder="申请人名称包含"
          value={draft.applicant}
          onChange={(e) => set({ applicant: e.target.value })}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item label="类别">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="全部"
          options={CLASSES}
          value={draft.tmCl}
          onChange={(tmCl?: number) => set({ tmCl })}
          style={{ width: 120 }}
        />
      </Form.Item>
      <Form.Item label="国家/地区">
        <div style={{ width: 160 }}>
          <CountrySelect allowClear placeholder="全部" value={draft.countryCode} onChange={(countryCode) => set({ countryCode })} />
        </div>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft(draftOf({}));
              onChange({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
