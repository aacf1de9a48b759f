import { LoadingOutlined } from '@ant-design/icons';
import { isVoidField, type GeneralField } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import { Input as AntdInput } from 'antd';
import { connectField } from './connectField.js';

/*
 * The registry's common field components, each bound to its field in one observed layer (see
 * connectField) with the props @formily/antd-v5 maps for it: the same antd control, the same
 * read-pretty text. Checkbox, radio group and password stay @formily/antd-v5's own. The text fields
 * are here, loaded with the sign-in page; the pickers (pickerFields.tsx) load with the first form showing one.
 */

/** Loading or validating shows a spinner in place of the suffix, as @formily/antd-v5's fields do. */
export const busy = (field: GeneralField) => !isVoidField(field) && (field.loading || field.validating);

export const Input = connectField(AntdInput, {
  mapProps: (props, field) => ({ ...props, suffix: <span>{busy(field) ? <LoadingOutlined /> : props.suffix}</span> }),
  readPretty: PreviewText.Input as never,
});

export const TextArea = connectField(AntdInput.TextArea, { readPretty: PreviewText.Input as never });
