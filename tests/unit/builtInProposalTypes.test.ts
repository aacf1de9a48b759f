import { describe, expect, it } from 'vitest';
import { loadSchemaFiles, filesOfKind } from '../../src/schemaSource/schemaFiles.js';
import type { ApprovalFlow } from '../../src/shared/approvalFlow/flowModel.js';
import { flowProblems } from '../../src/shared/approvalFlow/flowProblems.js';
import { walkToNextStop } from '../../src/shared/approvalFlow/flowWalk.js';
import { formFieldNames, formFieldTitles } from '../../src/shared/approvalFlow/formFields.js';
import type { FormNode } from '../../src/shared/formRules.js';
import { owedPeriod } from '../../src/server/demand/demandReminders.js';

interface TypeFile {
  name: string;
  title: string;
  category: string;
  form: FormNode;
  approvalFlow?: ApprovalFlow;
  createsCases?: { caseType: string; split?: string; when?: { field: string }[]; fields: Record<string, string> }[];
}

const files = loadSchemaFiles();
const all = filesOfKind(files, 'caseTypes').map((f) => f.body as unknown as TypeFile);
const proposals = all.filter((t) => t.category === 'proposal');
const cases = new Map(all.filter((t) => t.category === 'case').map((t) => [t.name, t]));

/** Case fields a mapping may name beside the case form's own (demandCases.ts). */
const OUTSIDE_FORM = ['brandId', 'relatedBrandIds', 'tmName', 'intCls', 'tmType', 'nationalCountries', 'madridCountries', 'appCountry'];

describe('built-in proposal types (schemas/caseTypes, category proposal)', () => {
  it('are the five proposals a company starts from', () => {
    expect(proposals.map((t) => t.title).sort()).toEqual(['商标注册提案', '海外注册提案', '续展提案', '官文应对提案', '异议提案'].sort());
  });

  for (const type of proposals) {
    it(`${type.title}: its flow passes the shape checks with the form’s fields, and names people only by superior or department head`, () => {
      expect(type.approvalFlow).toBeDefined();
      const flow = type.approvalFlow!;
      expect(flowProblems(flow, formFieldNames(type.form))).toEqual([]);
      const rules = flow.nodes.flatMap((n) => (n.type === 'approver' ? n.approvers : n.type === 'copy' ? n.recipients : []));
      expect(rules.length).toBeGreaterThan(0);
      // Ids differ per organisation: a built-in flow names nobody by id.
      for (const rule of rules) expect(['superior', 'departmentHead']).toContain(rule.kind);
      for (const rule of rules) if (rule.kind === 'departmentHead') expect(rule.departmentId).toBeUndefined();
    });

    it(`${type.title}: every case it creates is a case type, and its mapping names fields both forms have`, () => {
      expect(type.createsCases?.length).toBeGreaterThan(0);
      const own = formFieldNames(type.form);
      for (const spec of type.createsCases!) {
        const target = cases.get(spec.caseType);
        expect(target, spec.caseType).toBeDefined();
        const theirs = new Set([...formFieldNames(target!.form), ...OUTSIDE_FORM]);
        for (const [caseField, proposalField] of Object.entries(spec.fields)) {
          expect(theirs, `${type.name} → ${spec.caseType}.${caseField}`).toContain(caseField);
          expect(own, `${type.name}.${proposalField}`).toContain(proposalField);
        }
        for (const condition of spec.when ?? []) expect(own).toContain(condition.field);
      }
    });
  }

  it('have a condition and a countersign among them, and the budget condition takes the second level', () => {
    const nodes = proposals.flatMap((t) => t.approvalFlow!.nodes);
    expect(nodes.some((n) => n.type === 'condition')).toBe(true);
    expect(nodes.some((n) => n.type === 'approver' && n.mode === 'all')).toBe(true);
    const registration = proposals.find((t) => t.name === 'registrationProposal')!.approvalFlow!;
    expect(walkToNextStop(registration, 'deptHead', { budget: 25000 }).map((n) => n.id)).toEqual(['budgetFork', 'leaders']);
    expect(walkToNextStop(registration, 'deptHead', { budget: 8000 }).map((n) => n.id)).toEqual(['budgetFork', 'copyHead', 'end']);
  });
});

describe('form fields as flows and mappings name them', () => {
  it('walks through layout nodes and names nested fields by their dotted path', () => {
    const form: FormNode = {
      type: 'object',
      properties: {
        card: {
          type: 'void',
          properties: { budget: { type: 'number', title: '预算' }, applicant: { type: 'object', title: '申请人', properties: { name: { type: 'string' } } } },
        },
        goods: { type: 'array', title: '商品', items: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    };
    expect([...formFieldNames(form)]).toEqual(['budget', 'applicant', 'applicant.name', 'goods']);
    expect(formFieldTitles(form).get('applicant.name')).toBe('name');
    expect(formFieldTitles(form).get('budget')).toBe('预算');
  });
});

describe('approval reminders', () => {
  it('owe one reminder per whole waiting period, none before the first has passed', () => {
    const entered = new Date('2026-03-02T09:00:00+08:00');
    const at = (hours: number) => new Date(entered.getTime() + hours * 3_600_000);
    expect(owedPeriod(entered, 24, at(23.9))).toBe(0);
    expect(owedPeriod(entered, 24, at(24))).toBe(1);
    expect(owedPeriod(entered, 24, at(47))).toBe(1);
    expect(owedPeriod(entered, 24, at(50))).toBe(2);
    expect(owedPeriod(entered, 0.5, at(1.2))).toBe(2);
  });
});
