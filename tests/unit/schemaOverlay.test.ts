import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changedValues, dataFieldNames, recordValuesFor } from '../../src/runtime/blocks/overlayRecord.js';
import { fillPathTemplate } from '../../src/runtime/blocks/readPath.js';
import { sortKeys } from '../../src/server/db/sortKeys.js';

const description = (name: string) => JSON.parse(readFileSync(new URL(`../../schemas/components/${name}.json`, import.meta.url), 'utf8'));

describe('dialogs and drawers opened by schema actions', () => {
  const form = {
    type: 'object' as const,
    properties: {
      applicantName: { type: 'string' as const, 'x-component': 'Input' },
      grid: {
        type: 'void' as const,
        'x-component': 'FormGrid',
        properties: { postCode: { type: 'string' as const }, legalPerson: { type: 'string' as const } },
      },
    },
  };

  it('a form opened from a row starts from that row’s values, for its own fields only', () => {
    expect(dataFieldNames(form)).toEqual(['applicantName', 'postCode', 'legalPerson']);
    expect(recordValuesFor(form, { id: 7, applicantName: '杭州青禾食品有限公司', postCode: '310012', legalPerson: null, applicantAddress: '文三路' })).toEqual({
      applicantName: '杭州青禾食品有限公司',
      postCode: '310012',
    });
  });

  it('an editing dialog sends only the fields that differ from what it opened with', () => {
    const initial = { applicantName: '杭州青禾食品有限公司', postCode: '310012', tags: [1, 2] };
    expect(changedValues(initial, { ...initial })).toEqual({});
    expect(changedValues(initial, { ...initial, postCode: '310013', tags: [1, 2] })).toEqual({ postCode: '310013' });
    expect(changedValues(initial, { ...initial, tags: [2] })).toEqual({ tags: [2] });
    // Emptied is a change (sent empty); a field left empty is not.
    expect(changedValues(initial, { ...initial, postCode: undefined })).toEqual({ postCode: '' });
    expect(changedValues(initial, { ...initial, legalPerson: '' })).toEqual({});
    // An emptied number is no text: it is sent as null.
    expect(changedValues({ superiorNo: 3 }, { superiorNo: null })).toEqual({ superiorNo: null });
    expect(changedValues({ superiorNo: 3 }, {})).toEqual({ superiorNo: null });
    expect(changedValues(initial, { ...initial, legalPerson: '钱一' })).toEqual({ legalPerson: '钱一' });
  });

  it('a row button’s page address takes the row’s values, encoded', () => {
    expect(fillPathTemplate('/system/companyList/detail?id={id}', { id: 7 })).toBe('/system/companyList/detail?id=7');
    expect(fillPathTemplate('/x?name={name}&none={missing}', { name: '周明 & 子' })).toBe('/x?name=%E5%91%A8%E6%98%8E%20%26%20%E5%AD%90&none=');
  });

  it('a row button’s dialog takes exactly the dialog button’s props, but its label, permission and look', () => {
    const button = description('DialogFormButton').props.properties;
    const row = description('GenericTable').props.properties.rowButtons.items.properties.dialog.properties;
    const { label: _label, permission: _permission, primary: _primary, ...shared } = button;
    expect(row).toEqual(shared);
  });
});

describe('list sort keys on the server', () => {
  const columns = { applicantName: 'applicant_name', id: 'id' } as const;
  it('pairs comma-joined keys with their directions and drops unknown or repeated keys', () => {
    expect(sortKeys(undefined, undefined, columns)).toEqual([]);
    expect(sortKeys('applicantName', 'desc', columns)).toEqual([['applicant_name', 'desc']]);
    expect(sortKeys('id,applicantName', 'desc', columns)).toEqual([
      ['id', 'desc'],
      ['applicant_name', 'asc'],
    ]);
    expect(sortKeys('applicantName,applicantName,constructor,secret', 'asc,desc,desc,desc', columns)).toEqual([['applicant_name', 'asc']]);
  });
});
