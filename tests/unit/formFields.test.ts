import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { Input, TextArea } from '../../src/runtime/fields/formFields.js';
import { DatePicker, NumberPicker, Select, Switch } from '../../src/runtime/fields/pickerFields.js';
import { FormItem } from '../../src/runtime/components/FormItem.js';

type FieldProps = Record<string, unknown> & { component: [ComponentType<never>, Record<string, unknown>?] };
/** Formily's Field, with its props loosely typed for the table of cases below. */
const AnyField = Field as unknown as ComponentType<Record<string, unknown>>;

/** The markup of one field in its form item, as a page renders it. */
function render(props: FieldProps): string {
  const form = createForm();
  return renderToStaticMarkup(createElement(FormProvider, { form }, createElement(AnyField, { name: 'f', decorator: [FormItem], ...props })));
}

describe('form fields bound to their Formily field', () => {
  it('an input shows its value, and in read-pretty only the text', () => {
    expect(render({ component: [Input], initialValue: '星辰' })).toMatch(/<input[^>]*value="星辰"/);
    const pretty = render({ component: [Input], initialValue: '星辰', pattern: 'readPretty' });
    expect(pretty).toContain('星辰');
    expect(pretty).not.toContain('<input');
  });

  it('a text area and a number picker read pretty as text', () => {
    expect(render({ component: [TextArea], initialValue: '多行' })).toMatch(/<textarea[^>]*>多行<\/textarea>/);
    const number = render({ component: [NumberPicker], initialValue: 42, pattern: 'readPretty' });
    expect(number).toContain('42');
    expect(number).not.toContain('<input');
  });

  it('a select takes its options from the field data source and shows the chosen label', () => {
    const html = render({
      component: [Select],
      dataSource: [
        { label: '中国大陆', value: 0 },
        { label: '中国香港', value: 1 },
      ],
      initialValue: 1,
    });
    expect(html).toContain('中国香港');
    expect(html).not.toContain('中国大陆');
    expect(render({ component: [Select], dataSource: [{ label: '中国香港', value: 1 }], initialValue: 1, pattern: 'readPretty' })).toContain('中国香港');
  });

  it('a switch is checked by the field value', () => {
    expect(render({ component: [Switch], initialValue: true })).toContain('aria-checked="true"');
    expect(render({ component: [Switch], initialValue: false })).toContain('aria-checked="false"');
  });

  it('a date picker shows a stored date string in its format', () => {
    expect(render({ component: [DatePicker], initialValue: '2026-01-02' })).toMatch(/<input[^>]*value="2026-01-02"/);
    expect(render({ component: [DatePicker, { picker: 'month' }], initialValue: '2026-01' })).toMatch(/<input[^>]*value="2026-01"/);
  });

  it('the form item shows the title, the required mark, and the field errors', () => {
    const html = render({ component: [Input], title: '商标名称', required: true });
    expect(html).toContain('<label>商标名称</label>');
    expect(html).toContain('-asterisk');
    const form = createForm();
    form.createField({ name: 'f', title: '商标名称', decorator: [FormItem], component: [Input] }).setSelfErrors(['请输入商标名称']);
    const withError = renderToStaticMarkup(createElement(FormProvider, { form }, createElement(AnyField, { name: 'f' })));
    expect(withError).toContain('请输入商标名称');
    expect(withError).toContain('-error');
  });
});
