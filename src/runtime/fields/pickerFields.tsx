import type { ComponentProps, ComponentType } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { isVoidField } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import { dayjsable, formatDayjsValue } from '@formily/antd-v5/esm/__builtins__';
import { DatePicker as AntdDatePicker, InputNumber, Select as AntdSelect, Switch as AntdSwitch } from 'antd';
import { connectField } from './connectField.js';
import { busy } from './formFields.js';

/* The registry's picking fields, bound as the text fields are (formFields.tsx). */

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
