import type { JsonSchema } from '../../shared/operation.js';
import type { FormNode } from '../../shared/formRules.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { notFound } from '../http/apiError.js';
import type { ApprovalFlow, FlowCondition } from '../../shared/approvalFlow/flowModel.js';

export type CaseAction = 'submit' | 'confirmSubmission' | 'supplyAppNo' | 'resubmit' | 'changeSubmitType' | 'setResult' | 'withdraw' | 'officialDocument';

export interface CaseStatus {
  key: string;
  title: string;
  color?: string;
  final?: boolean;
}

export interface CaseTransition {
  action: CaseAction;
  from: string[];
  to: string;
  permission: string;
}

export interface CaseStageDefinition {
  key: string;
  title: string;
  deadlineDays?: number;
  /** A period of the law (3m), counted from the day the stage is entered and moved off holidays; wins over deadlineDays. */
  deadlineRule?: string;
  deadlineArticle?: string;
  officialTypes?: string[];
  status?: string;
}

export interface CaseFeeItem {
  name: string;
  kind: 'official' | 'agency' | 'sundry';
  amount?: number;
  currency?: string;
  officialFeeItem?: string;
  per?: 'case' | 'class' | 'mark' | 'country';
  caseTypePrice?: boolean;
}

export interface CaseAttachment {
  key: string;
  title: string;
  required?: boolean;
  accept?: string;
}

export interface CaseField {
  name: string;
  title: string;
  fieldType: string;
  required?: boolean;
}

/** A case an approved proposal creates: its type, how it is split, when, and which proposal field fills each case field. */
export interface CreatesCase {
  caseType: string;
  split: 'none' | 'country' | 'class';
  when: FlowCondition[];
  /** Case field name → proposal field name. */
  fields: Record<string, string>;
}

/** A case type as the server enforces it: its file (built-in or an organisation's version) with the default statuses and transitions filled in. */
export interface CaseType {
  name: string;
  title: string;
  category: 'case' | 'proposal';
  /** schema_versions.id of the organisation's version; null for the built-in file. */
  versionId: number | null;
  /** 0 for the built-in file. */
  version: number;
  scope: 'domestic' | 'overseas';
  routes: { apply: string | null; detail: string | null };
  form: FormNode;
  fields: CaseField[];
  stages: CaseStageDefinition[];
  statuses: CaseStatus[];
  transitions: CaseTransition[];
  attachments: CaseAttachment[];
  feeItems: CaseFeeItem[];
  tiedMarks: string;
  archiveEffect: string;
  /** The CNIPA form the case fills (filingForms' kinds); null when the type has none. */
  filingForm: string | null;
  /** A proposal type's approval flow; null for a case type. */
  approvalFlow: ApprovalFlow | null;
  /** The cases a proposal type's approval creates; empty for a case type. */
  createsCases: CreatesCase[];
}

interface DictItem {
  value: string;
  label: string;
  color?: string;
  final?: boolean;
  from?: string[];
  to?: string;
  permission?: string;
}

const dictItems = (schemas: SchemaLibrary, file: string) => (schemas.files.find((f) => f.file === file)?.body.items ?? []) as DictItem[];

/** The statuses of schemas/dicts/case-statuses.json, for a type that names none. */
export function defaultStatuses(schemas: SchemaLibrary): CaseStatus[] {
  return dictItems(schemas, 'dicts/case-statuses.json').map((i) => ({ key: i.value, title: i.label, color: i.color, final: i.final }));
}

/** The moves of schemas/dicts/case-transitions.json, for a type that names none. */
export function defaultTransitions(schemas: SchemaLibrary): CaseTransition[] {
  return dictItems(schemas, 'dicts/case-transitions.json').map((i) => ({
    action: i.value as CaseAction,
    from: i.from ?? [],
    to: i.to ?? '',
    permission: i.permission ?? 'caseManage',
  }));
}

/** The Chinese names of the actions, from the transitions dict. */
export function actionTitles(schemas: SchemaLibrary): ReadonlyMap<string, string> {
  return new Map(dictItems(schemas, 'dicts/case-transitions.json').map((i) => [i.value, i.label]));
}

export function caseTypeOf(schemas: SchemaLibrary, body: JsonSchema, versionId: number | null, version: number): CaseType {
  const b = body as Record<string, unknown>;
  const routes = (b.routes ?? {}) as { apply?: string; detail?: string };
  return {
    name: String(b.name),
    title: String(b.title),
    category: b.category === 'proposal' ? 'proposal' : 'case',
    versionId,
    version,
    scope: b.scope === 'overseas' ? 'overseas' : 'domestic',
    routes: { apply: routes.apply ?? null, detail: routes.detail ?? null },
    form: (b.form ?? { type: 'object' }) as FormNode,
    fields: (b.fields ?? []) as CaseField[],
    stages: (b.stages ?? []) as CaseStageDefinition[],
    statuses: (b.statuses as CaseStatus[] | undefined) ?? defaultStatuses(schemas),
    transitions: (b.transitions as CaseTransition[] | undefined) ?? defaultTransitions(schemas),
    attachments: (b.attachments ?? []) as CaseAttachment[],
    feeItems: (b.feeItems ?? []) as CaseFeeItem[],
    tiedMarks: typeof b.tiedMarks === 'string' ? b.tiedMarks : 'none',
    archiveEffect: typeof b.archiveEffect === 'string' ? b.archiveEffect : 'none',
    filingForm: typeof b.filingForm === 'string' ? b.filingForm : null,
    approvalFlow: (b.approvalFlow as ApprovalFlow | undefined) ?? null,
    createsCases: ((b.createsCases ?? []) as Partial<CreatesCase>[]).map((c) => ({
      caseType: String(c.caseType),
      split: c.split ?? 'none',
      when: c.when ?? [],
      fields: c.fields ?? {},
    })),
  };
}

/** The version of `name` in effect for the organisation now: its published version, else the built-in file; undefined when neither exists. */
export async function currentCaseType(db: ScopedDb, schemas: SchemaLibrary, name: string): Promise<CaseType | undefined> {
  const published = await db
    .selectFrom('schema_versions')
    .select(['id', 'version', 'body'])
    .where('kind', '=', 'caseTypes')
    .where('key', '=', name)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (published) return caseTypeOf(schemas, published.body as JsonSchema, published.id, published.version);
  const file = schemas.builtInFile('caseTypes', name);
  return file ? caseTypeOf(schemas, file.body, null, 0) : undefined;
}

/** The version a case was created with: the organisation's version by its id, or the built-in file. */
export async function caseTypeVersion(db: ScopedDb, schemas: SchemaLibrary, name: string, versionId: number | null): Promise<CaseType> {
  if (versionId !== null) {
    const row = await db.selectFrom('schema_versions').select(['id', 'version', 'body']).where('id', '=', versionId).executeTakeFirst();
    if (row) return caseTypeOf(schemas, row.body as JsonSchema, row.id, row.version);
  }
  const file = schemas.builtInFile('caseTypes', name);
  if (!file) throw notFound(`案件类型 ${name} 不存在`);
  return caseTypeOf(schemas, file.body, null, 0);
}

/** Every case type the organisation can use now: built-in files and its published versions (which replace a built-in of the same name). */
export async function availableCaseTypes(db: ScopedDb, schemas: SchemaLibrary): Promise<CaseType[]> {
  const types = new Map<string, CaseType>();
  for (const file of schemas.builtIns('caseTypes')) {
    const type = caseTypeOf(schemas, file.body, null, 0);
    types.set(type.name, type);
  }
  const published = await db
    .selectFrom('schema_versions')
    .select(['id', 'version', 'body'])
    .where('kind', '=', 'caseTypes')
    .where('status', '=', 'published')
    .execute();
  for (const row of published) {
    const type = caseTypeOf(schemas, row.body as JsonSchema, row.id, row.version);
    types.set(type.name, type);
  }
  return [...types.values()];
}

export const statusTitle = (type: CaseType, key: string) => type.statuses.find((s) => s.key === key)?.title ?? key;
export const stageTitle = (type: CaseType, key: string) => type.stages.find((s) => s.key === key)?.title ?? key;
