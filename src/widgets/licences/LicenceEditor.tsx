import { useEffect, useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Card, Checkbox, DatePicker, Empty, Form, Input, InputNumber, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { GoodsItem, Licence, LicenceEditorProps, LicenseMatterSaveRequest, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { LICENCE_TYPE_OPTIONS, licenceDetailPath, markLabel, useRefreshLicences } from './licenceLook.js';

/** A mark of the licence being edited: what the archive says of it and the goods ticked. */
interface EditedMark {
  brandId: number;
  label: string;
  /** The mark's own goods (struck-out items left out): the goods may be chosen from these only. */
  own: GoodsItem[];
  chosen: string[];
}

interface Values {
  licensor: string;
  licensee: string;
  licenceType: Licence['licenceType'];
  territory?: string;
  term: [Dayjs, Dayjs];
  royalty?: number | null;
  caseNo?: string;
  remark?: string;
}

const goodsKey = (g: GoodsItem) => `${g.code}|${g.name}`;
const ownGoods = (m: Pick<Trademark, 'goodsItems'>) => (m.goodsItems ?? []).filter((g) => g.mark !== 2);

/** 许可人 / 被许可人: typed, or picked from 我的企业. */
function PartyInput({ id, value, onChange, placeholder }: { id?: string; value?: string; onChange?: (v: string) => void; placeholder: string }) {
  const runtime = useRuntime();
  const keyword = useDebounced((value ?? '').trim(), 300);
  // Without 我的企业 the parties are typed only.
  const { data } = useOperation(
    'enterprise.getList',
    runtime.permissions.has('enterprise') ? { flatIs: true, ...(keyword ? { applicantName: keyword } : {}), pageNo: 1, pageSize: 20 } : null,
  );
  const options = (data?.list ?? []).map((e) => ({ value: e.applicantName, label: e.applicantName }));
  return <AutoComplete id={id} value={value} onChange={onChange} options={options} placeholder={placeholder} allowClear />;
}

/** Looks a mark up in the archive by name or number and hands it over. */
function MarkSearch({ onPick, taken }: { onPick: (m: Trademark) => void; taken: readonly number[] }) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useOperation('brandArchives.queryBrandPage', keyword ? { keyword, pageNo: 1, pageSize: 20 } : null);
  const marks = (found.data?.list ?? []).filter((m) => !taken.includes(m.id));
  return (
    <div data-testid="licence-mark-search">
      <Select
        showSearch
        value={null}
        style={{ width: '100%' }}
        placeholder="输入商标名称、申请号或注册号，从商标档案中添加商标"
        filterOption={false}
        onSearch={setTyped}
        loading={found.isLoading}
        onChange={(id: number) => {
          const mark = marks.find((m) => m.id === id);
          if (mark) onPick(mark);
          setTyped('');
        }}
        options={marks.map((m) => ({ value: m.id, label: markLabel(m) }))}
        notFoundContent={<Typography.Text type="secondary">{keyword ? '档案中没有相符的商标' : '请输入商标名称或号码'}</Typography.Text>}
      />
    </div>
  );
}

/**
 * 新增许可 / 编辑许可 (/brand/addLicense, with ?id= to edit; ?brandId= starts with that mark): the
 * parties, typed or picked from 我的企业; the marks from the archive, each with the goods licensed
 * ticked from its own goods; type, territory, term, royalty and the filing case's number.
 */
export function LicenceEditor(_props: LicenceEditorProps) {
  const runtime = useRuntime();
  const id = Number(runtime.query.get('id')) || 0;
  const presetBrand = Number(runtime.query.get('brandId')) || 0;
  const existing = useOperation('licenseMatter.detail', id > 0 ? { id } : null);
  const preset = useOperation('brandArchives.queryBrandPage', !id && presetBrand > 0 ? { ids: [presetBrand], pageNo: 1, pageSize: 1 } : null);
  // The marks of an edited licence, with their own goods to choose from.
  const existingIds = useMemo(() => existing.data?.marks.map((m) => m.brandId) ?? [], [existing.data]);
  const existingMarks = useOperation('brandArchives.queryBrandPage', existingIds.length ? { ids: existingIds, pageNo: 1, pageSize: 50 } : null);
  const [form] = Form.useForm<Values>();
  const [marks, setMarks] = useState<EditedMark[]>([]);
  const [saving, setSaving] = useState(false);
  const [markProblem, setMarkProblem] = useState<string | null>(null);
  const refresh = useRefreshLicences();

  const add = (m: Trademark) =>
    setMarks((list) =>
      list.some((x) => x.brandId === m.id) ? list : [...list, { brandId: m.id, label: markLabel(m), own: ownGoods(m), chosen: ownGoods(m).map(goodsKey) }],
    );

  useEffect(() => {
    const mark = preset.data?.list[0];
    if (mark) add(mark);
  }, [preset.data]);

  useEffect(() => {
    const licence = existing.data;
    if (!licence || !existingMarks.data) return;
    form.setFieldsValue({
      licensor: licence.licensor,
      licensee: licence.licensee,
      licenceType: licence.licenceType,
      territory: licence.territory,
      term: [dayjs(licence.startDate), dayjs(licence.endDate)],
      royalty: licence.royalty,
      caseNo: licence.caseNo ?? '',
      remark: licence.remark,
    });
    setMarks(
      licence.marks.map((m) => {
        const archived = existingMarks.data!.list.find((a) => a.id === m.brandId);
        return {
          brandId: m.brandId,
          label: archived ? markLabel(archived) : m.tmName,
          own: archived ? ownGoods(archived) : m.licenseGoods,
          chosen: m.licenseGoods.map(goodsKey),
        };
      }),
    );
  }, [existing.data, existingMarks.data, form]);

  if (existing.error) return <Alert type="error" showIcon message={existing.error.message} />;
  if (id > 0 && (!existing.data || !existingMarks.data)) return <Skeleton active paragraph={{ rows: 10 }} />;

  const submit = async (values: Values) => {
    if (marks.length === 0) return setMarkProblem('请至少添加一件许可的商标');
    const empty = marks.find((m) => m.chosen.length === 0);
    if (empty) return setMarkProblem(`请为商标${empty.label}选择许可使用的商品/服务`);
    setMarkProblem(null);
    const body = {
      ...(id > 0 ? { id } : {}),
      licensor: values.licensor.trim(),
      licensee: values.licensee.trim(),
      licenceType: values.licenceType,
      territory: values.territory?.trim() ?? '',
      startDate: values.term[0].format('YYYY-MM-DD'),
      endDate: values.term[1].format('YYYY-MM-DD'),
      royalty: values.royalty ?? null,
      caseNo: values.caseNo?.trim() || null,
      remark: values.remark?.trim() ?? '',
      marks: marks.map((m) => ({
        brandId: m.brandId,
        goods: m.own.filter((g) => m.chosen.includes(goodsKey(g))).map((g) => ({ code: g.code, name: g.name })),
      })),
    } as LicenseMatterSaveRequest;
    setSaving(true);
    try {
      const saved = await runtime.callOperation('licenseMatter.save', body);
      runtime.notify('success', id > 0 ? '许可已保存' : '许可已新增');
      await refresh();
      runtime.navigate(licenceDetailPath(saved.id), { replace: true });
    } catch {
      // The HTTP client showed the server's message; what was typed stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="licence-editor">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ licenceType: 'ordinary', territory: '中国大陆' }}
        onFinish={(v) => void submit(v)}
        className="ipm-licence-editor"
      >
        <Card size="small" title={id > 0 ? '编辑许可' : '新增许可'}>
          <Space size="large" wrap style={{ width: '100%' }} align="start">
            <Form.Item name="licensor" label="许可人" rules={[{ required: true, whitespace: true, message: '请输入许可人' }]} style={{ width: 320 }}>
              <PartyInput placeholder="商标注册人，可从我的企业中选择" />
            </Form.Item>
            <Form.Item name="licensee" label="被许可人" rules={[{ required: true, whitespace: true, message: '请输入被许可人' }]} style={{ width: 320 }}>
              <PartyInput placeholder="被许可使用商标的一方" />
            </Form.Item>
          </Space>
          <Form.Item name="licenceType" label="许可类型" rules={[{ required: true, message: '请选择许可类型' }]}>
            <Radio.Group options={LICENCE_TYPE_OPTIONS} />
          </Form.Item>
          <Space size="large" wrap align="start">
            <Form.Item name="term" label="许可期限" rules={[{ required: true, message: '请选择许可期限' }]}>
              <DatePicker.RangePicker placeholder={['开始日期', '截止日期']} />
            </Form.Item>
            <Form.Item name="territory" label="许可地域" style={{ width: 240 }}>
              <Input maxLength={200} placeholder="如 中国大陆、浙江省" />
            </Form.Item>
            <Form.Item name="royalty" label="许可使用费（元）">
              <InputNumber min={0} precision={2} style={{ width: 200 }} placeholder="不填为无偿许可" />
            </Form.Item>
            <Form.Item name="caseNo" label="备案案件编号" tooltip="已有的许可备案案件的编号；也可在许可详情页新建许可备案案件" style={{ width: 240 }}>
              <Input maxLength={40} placeholder="如 AJ2026010100001" />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={2000} rows={2} />
          </Form.Item>
        </Card>
        <Card size="small" title={`许可的商标与商品/服务（${marks.length}）`} style={{ marginTop: 12 }}>
          <MarkSearch onPick={add} taken={marks.map((m) => m.brandId)} />
          {marks.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加商标" />}
          {marks.map((m) => (
            <Card
              key={m.brandId}
              size="small"
              type="inner"
              style={{ marginTop: 12 }}
              title={m.label}
              data-testid="licence-mark"
              extra={
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => setMarks((list) => list.filter((x) => x.brandId !== m.brandId))}>
                  移除
                </Button>
              }
            >
              {m.own.length === 0 ? (
                <Typography.Text type="secondary">该商标在档案中没有商品/服务项目，请先在商标档案中补充</Typography.Text>
              ) : (
                <>
                  <Space style={{ marginBottom: 8 }}>
                    <Typography.Text type="secondary">
                      已选 {m.chosen.length} / {m.own.length} 项
                    </Typography.Text>
                    <Button
                      size="small"
                      onClick={() => setMarks((list) => list.map((x) => (x.brandId === m.brandId ? { ...x, chosen: x.own.map(goodsKey) } : x)))}
                    >
                      全选
                    </Button>
                    <Button size="small" onClick={() => setMarks((list) => list.map((x) => (x.brandId === m.brandId ? { ...x, chosen: [] } : x)))}>
                      清空
                    </Button>
                  </Space>
                  <Checkbox.Group
                    value={m.chosen}
                    onChange={(chosen) => setMarks((list) => list.map((x) => (x.brandId === m.brandId ? { ...x, chosen: chosen as string[] } : x)))}
                    options={m.own.map((g) => ({ value: goodsKey(g), label: g.code ? `${g.name}（${g.code}）` : g.name }))}
                  />
                </>
              )}
            </Card>
          ))}
          {markProblem && <Alert type="error" showIcon message={markProblem} style={{ marginTop: 12 }} />}
        </Card>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button onClick={() => runtime.navigate(id > 0 ? licenceDetailPath(id) : '/brand/license')}>取消</Button>
        </Space>
      </Form>
    </div>
  );
}
