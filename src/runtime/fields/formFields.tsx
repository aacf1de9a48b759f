import type { ComponentProps, ComponentType } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { isVoidField, type GeneralField } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import { dayjsable, formatDayjsValue } from '@formily/antd-v5/esm/__builtins__';
import { DatePicker as AntdDatePicker, Input as AntdInput, InputNumber, Select as AntdSelect, Switch as AntdSwitch } from 'antd';
import { connectField } from './connectField.js';

/*
 * The registry's common field components, each bound to its field in one observed layer (see
 * connectField) with the props @formily/antd-v5 maps for it: the same antd control, the same
 * read-pretty text. Checkbox, radio group and password stay @formily/antd-v5's own.
 */

/** Loading or validating shows a spinner in place of the suffix, as @formily/antd-v5's fields do. */
const busy = (field: GeneralField) => !isVoidField(field) && (field.loading || field.validating);

export const Input = connectField(AntdInput, {
  mapProps: (props, field) => ({ ...props, suffix: <span>{busy(field) ? <LoadingOutlined /> : props.suffix}</span> }),
  readPretty: PreviewText.Input as never,
});

export const TextArea = connectField(AntdInput.TextArea, { readPretty: PreviewText.Input as never });

export const NumberPicker = connectField(InputNumber, { readPretty: PreviewText.NumberPicker as never });

type SelectProps = ComponentProps<typeof AntdSelect>;
export const Select = connectField(AntdSelect as ComponentType<SelectProps>, {
  mapProps: (props, field) => {
    const mapped: SelectProps = { ...props, suffixIcon: busy(field) ? <LoadingOutlined /> : props.suffixIcon };
    if (!isVoidField(field)) {
      if (field.dataSource != null || props.options == null) mapped.options = field.dataSource as SelectProps['options'];
      if (field.loading != null || props.loading == null) mapped.loading = field.loading;
    }
    return mapped;
  },
  readPretty: PreviewText.Select as never,
});

export const Switch = connectField(AntdSwitch, {
  mapProps: (props, field) => {
    const { value: _value, ...rest } = props as typeof props & { value?: boolean };
    return isVoidField(field) || (field.value == null && rest.checked != null) ? rest : { ...rest, checked: field.value };
  },
});

type DateProps = ComponentProps<typeof AntdDatePicker> & { onChange?: (value: unknown) => void };
const dateFormat = (props: DateProps) =>
  props.picker === 'month'
    ? 'YYYY-MM'
    : props.picker === 'quarter'
      ? 'YYYY-\\QQ'
      : props.picker === 'year'
        ? 'YYYY'
        : props.picker === 'week'
          ? 'gggg-wo'
          : props.showTime
            ? 'YYYY-MM-DD HH:mm:ss'
            : 'YYYY-MM-DD';
export const DatePicker = connectField(AntdDatePicker as unknown as ComponentType<DateProps>, {
  mapProps: (props) => {
    const format = (props.format as string | undefined) ?? dateFormat(props);
    const { onChange } = props;
    return {
      ...props,
      format,
      value: dayjsable(props.value as never, format === 'gggg-wo' ? 'gggg-ww' : format),
      onChange: (value: unknown) => onChange?.(formatDayjsValue(value, format)),
    };
  },
  readPretty: PreviewText.DatePicker as never,
});
