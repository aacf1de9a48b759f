import { describe, expect, it } from 'vitest';
import { createForm, type Form } from '@formily/core';
import { Schema, type ISchema } from '@formily/json-schema';
import type { JsonSchema } from '../../src/shared/operation.js';
import { filesOfKind, loadSchemaFiles, type SchemaFile } from '../../src/schemaSource/schemaFiles.js';
import { operationsFromFiles } from '../../src/schemaSource/operationsFromFiles.js';
import { collectSchemaProblems } from '../../src/schemaSource/schemaProblems.js';
import { collectCaseTypeProblems } from '../../src/schemaSource/caseTypeProblems.js';

interface CaseType {
  name: string;
  title: string;
  form: JsonSchema;
  routes: { apply: string; detail?: string };
  stages: { key: string; status?: string; deadlineDays?: number; officialTypes?: string[] }[];
  statuses?: { key: string }[];
  transitions?: { from: string[]; to: string }[];
  feeItems?: { kind: string; officialFeeItem?: string; caseTypePrice?: boolean }[];
  archiveEffect?: string;
  tiedMarks?: string;
}

const files = loadSchemaFiles();
const types = filesOfKind(files, 'caseTypes')
  .filter((f) => f.body.category !== 'proposal')
  .map((f) => f.body as unknown as CaseType);
const byName = new Map(types.map((t) => [t.name, t]));
const dictValues = (file: string) => ((files.find((f) => f.file === file)?.body.items as { value: string }[]) ?? []).map((i) => i.value);

/** Every data field of a form (void layout nodes skipped), by its value path. */
function dataFields(node: JsonSchema, path: string[] = [], out = new Map<string, JsonSchema>()): Map<string, JsonSchema> {
  for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) {
    const inner = child.type === 'void' ? path : [...path, key];
    if (child.type !== 'void') out.set(inner.join('.'), child);
    dataFields(child, inner, out);
  }
  return out;
}

/** The form a case type describes, its fields created as Formily creates them from the schema (reactions and rules included). */
function formOf(type: CaseType): Form {
  const form = createForm();
  const create = (schema: Schema, basePath: string) => {
    const props = { ...schema.toFieldProps(), name: schema.name as string, basePath };
    const field =
      schema.type === 'void'
        ? form.createVoidField(props)
        : schema.type === 'object'
          ? form.createObjectField(props)
          : schema.type === 'array'
            ? form.createArrayField(props)
            : form.createField(props);
    schema.mapProperties((child) => create(child, field.address.toString()));
  };
  new Schema(type.form as ISchema).mapProperties((child) => create(child, ''));
  return form;
}

async function errorPaths(form: Form): Promise<string[]> {
  try {
    await form.validate();
    return [];
  } catch (errors) {
    return (errors as { path: string }[]).map((e) => e.path);
  }
}

describe('built-in case types (schemas/caseTypes)', () => {
  it('are the case types of spec 000 §2.2 and §2.3, each a case with a title', () => {
    expect(types.map((t) => t.name).sort()).toEqual(
      [
        'domesticRegistration',
        'overseasRegistration',
        'renewal',
        'transfer',
        'assignment',
        'changeName',
        'changeAddress',
        'changeAgent',
        'licenseRecord',
        'licenseRecordWithdraw',
        'licenseRecordChange',
        'licenseRecordStop',
        'objectionApply',
        'objectionDefence',
        'rejectRecheck',
        'recheckByApplicationNo',
        'recheckByRegistrationNo',
        'invalidApply',
        'invalidDefence',
        'reviewApply',
        'reviewDefence',
        'removeApply',
        'removeDefence',
        'brandInstructions',
        'ipFirstInstance',
      ].sort(),
    );
    for (const f of filesOfKind(files, 'caseTypes')) expect(f.file).toBe(`caseTypes/${f.body.name as string}.json`);
  });

  it('give every case page its type: each route under schemas/pages/case is the apply or detail page of exactly one type', () => {
    const casePages = filesOfKind(files, 'pages')
      .filter((f: SchemaFile) => f.file.startsWith('pages/case/'))
      .map((f) => f.body.path as string)
      .filter((path) => path !== '/case-custom' && path !== '/case-proposal');
    expect(casePages.length).toBeGreaterThanOrEqual(33);
    for (const path of casePages) {
      const owners = types.filter((t) => t.routes.apply === path || t.routes.detail === path).map((t) => t.name);
      expect(owners, path).toHaveLength(1);
    }
    // And no type points at a page that is not a case page.
    for (const t of types) for (const route of [t.routes.apply, t.routes.detail].filter(Boolean)) expect(casePages).toContain(route);
    expect(byName.get('renewal')!.routes).toEqual({ apply: '/case/brand-extension', detail: '/case/brand-extension-detail' });
    expect(byName.get('domesticRegistration')!.routes).toEqual({ apply: '/brands/domesticRegistration', detail: '/brands/domesticDetail' });
  });

  it('move only between declared statuses: every stage status and transition names one', () => {
    const defaults = new Set(dictValues('dicts/case-statuses.json'));
    expect(defaults.size).toBeGreaterThan(0);
    for (const t of types) {
      const declared = t.statuses ? new Set(t.statuses.map((s) => s.key)) : defaults;
      for (const stage of t.stages) if (stage.status) expect(declared, `${t.name} ${stage.key}`).toContain(stage.status);
      for (const move of t.transitions ?? []) for (const s of [...move.from, move.to]) expect(declared, t.name).toContain(s);
      expect(new Set(t.stages.map((s) => s.key)).size, t.name).toBe(t.stages.length);
    }
  });

  it('charge official fees only by the items of dicts/official-fees.json, and agency fees from the price list', () => {
    const keys = new Set(dictValues('dicts/official-fees.json'));
    for (const t of types) {
      for (const fee of t.feeItems ?? []) {
        if (fee.officialFeeItem !== undefined) expect(keys, t.name).toContain(fee.officialFeeItem);
        if (fee.kind === 'official') expect(fee.officialFeeItem !== undefined || fee.caseTypePrice === true, t.name).toBe(true);
      }
      expect(
        t.feeItems?.some((f) => f.kind === 'agency' && f.caseTypePrice),
        t.name,
      ).toBe(true);
    }
    expect(byName.get('domesticRegistration')!.feeItems).toContainEqual(
      expect.objectContaining({ kind: 'official', officialFeeItem: 'registration', per: 'class' }),
    );
    expect(byName.get('renewal')!.feeItems).toContainEqual(expect.objectContaining({ kind: 'official', officialFeeItem: 'renewal' }));
  });

  it('tie marks as the law does and write back what they change', () => {
    expect(['changeName', 'changeAddress'].map((n) => byName.get(n)!.tiedMarks)).toEqual(['allOfHolder', 'allOfHolder']);
    expect(['transfer', 'assignment'].map((n) => byName.get(n)!.tiedMarks)).toEqual(['similarOfHolder', 'similarOfHolder']);
    expect(
      Object.fromEntries(
        ['domesticRegistration', 'renewal', 'transfer', 'assignment', 'changeName', 'changeAddress', 'changeAgent'].map((n) => [
          n,
          byName.get(n)!.archiveEffect,
        ]),
      ),
    ).toEqual({
      domesticRegistration: 'register',
      renewal: 'renew',
      transfer: 'changeHolder',
      assignment: 'changeHolder',
      changeName: 'changeName',
      changeAddress: 'changeAddress',
      changeAgent: 'changeAgent',
    });
    // A 受理通知书 moves a registration to 受理; a 驳回通知书 gives 15 days.
    const stages = byName.get('domesticRegistration')!.stages;
    expect(stages.find((s) => s.officialTypes?.includes('受理通知书'))).toMatchObject({ key: 'accepted', status: 'accepted' });
    expect(stages.find((s) => s.officialTypes?.includes('驳回通知书'))).toMatchObject({ deadlineDays: 15 });
  });

  it('require the date, country and number of a claimed priority, and nothing of it when none is claimed', async () => {
    const withPriority = types.filter((t) => dataFields(t.form).has('priorityRadio'));
    expect(withPriority.map((t) => t.name).sort()).toEqual(['domesticRegistration', 'overseasRegistration']);
    for (const t of withPriority) {
      const form = formOf(t);
      expect(form.values.priorityRadio).toBe('no');
      expect((await errorPaths(form)).filter((p) => p.startsWith('dplPriorityTm'))).toEqual([]);
      form.setValuesIn('priorityRadio', 'yes');
      const missing = (await errorPaths(form)).filter((p) => p.startsWith('dplPriorityTm'));
      expect(missing, t.name).toEqual(expect.arrayContaining(['dplPriorityTm.priorityDate', 'dplPriorityTm.priorityNo', 'dplPriorityTm.priorityCountry']));
      form.setValuesIn('dplPriorityTm', { priorityType: 'filing', priorityCountry: 'US', priorityDate: '2025-01-02', priorityNo: '98765432' });
      expect(
        (await errorPaths(form)).filter((p) => p.startsWith('dplPriorityTm')),
        t.name,
      ).toEqual([]);
    }
  });

  it('use the bizParam keys of spec 000 §3 for the fields they name', () => {
    const registration = dataFields(byName.get('domesticRegistration')!.form);
    for (const key of [
      'tmType',
      'priorityRadio',
      'dplPriorityTm',
      'coOwnerInfo',
      'parentCgInfo',
      'applicantName',
      'applicantAddress',
      'applicantCreditCode',
      'applicantNameEn',
    ])
      expect(registration.has(key), key).toBe(true);
    expect(registration.get('parentCgInfo')!['x-component']).toBe('GoodsByClassEditor');
    const renewal = dataFields(byName.get('renewal')!.form);
    for (const key of ['brandId', 'regNo', 'tmName', 'intCls', 'coOwnerInfo']) expect(renewal.has(key), key).toBe(true);
    // Every form that picks an archive mark keeps it as brandId.
    for (const t of types) for (const [key, node] of dataFields(t.form)) if (node['x-component'] === 'MarkPicker') expect(key, t.name).toBe('brandId');
  });

  it('pass the schema checks, which refuse an undeclared status, a letter the catalogue does not name, an unknown fee item and a page claimed twice', () => {
    const problems = collectSchemaProblems(files, operationsFromFiles(filesOfKind(files, 'api'))).filter((p) => p.file.startsWith('caseTypes/'));
    expect(problems).toEqual([]);
    const renewal = files.find((f) => f.file === 'caseTypes/renewal.json')!;
    const broken: SchemaFile = {
      ...renewal,
      file: 'caseTypes/brokenRenewal.json',
      body: {
        ...renewal.body,
        name: 'brokenRenewal',
        stages: [{ key: 'x', title: '某阶段', status: 'lost', officialTypes: ['续展受理通知书', '商标续展注册申请受理通知书'] }],
        transitions: [{ action: 'submit', from: ['draft', 'nowhere'], to: 'pending', permission: 'caseManage' }],
        feeItems: [{ name: '官费', kind: 'official', officialFeeItem: 'bribe' }],
      },
    };
    expect(collectCaseTypeProblems([...files, broken]).filter((p) => p.file === broken.file)).toEqual([
      { file: broken.file, at: '/stages/0/status', message: '没有定义状态 lost' },
      { file: broken.file, at: '/stages/0/officialTypes/1', message: '官文类型 商标续展注册申请受理通知书 不在 dicts/official-types.json 中' },
      { file: broken.file, at: '/transitions/0/from/1', message: '没有定义状态 nowhere' },
      { file: broken.file, at: '/feeItems/0/officialFeeItem', message: '官费项目 bribe 不在 dicts/official-fees.json 中' },
      { file: broken.file, at: '/routes/apply', message: '页面 /case/brand-extension 已属于 caseTypes/renewal.json' },
      { file: broken.file, at: '/routes/detail', message: '页面 /case/brand-extension-detail 已属于 caseTypes/renewal.json' },
    ]);
  });

  it('name the letters that advance a stage as the letter-type catalogue does, and the catalogue checks itself', () => {
    const catalogue = files.find((f) => f.file === 'dicts/official-types.json')!;
    const labels = new Set((catalogue.body.items as { label: string }[]).map((e) => e.label));
    for (const t of types)
      for (const stage of t.stages) for (const name of stage.officialTypes ?? []) expect(labels.has(name), `${t.name}: ${name}`).toBe(true);
    const items = catalogue.body.items as Record<string, unknown>[];
    const broken: SchemaFile = {
      ...catalogue,
      body: {
        ...catalogue.body,
        items: [
          ...items,
          { ...items[0], value: 'again', keywords: ['再次受理'] },
          { ...items[1], value: 'odd', label: '奇怪的通知书', keywords: ['不予受理通知书'], paperDelivery: '15d,1m,2m' },
        ],
      },
    };
    const others = files.filter((f) => f !== catalogue);
    expect(collectCaseTypeProblems([...others, broken]).filter((p) => p.file === catalogue.file)).toEqual([
      { file: catalogue.file, at: `/items/${items.length}/label`, message: '官文类型 受理通知书 重复' },
      { file: catalogue.file, at: `/items/${items.length + 1}/keywords/0`, message: '识别词 不予受理通知书 已用于官文类型 不予受理通知书' },
      { file: catalogue.file, at: `/items/${items.length + 1}/paperDelivery`, message: '期限规则“15d,1m,2m”最多两段（推定送达天数,期间），用逗号分隔' },
    ]);
  });
});
