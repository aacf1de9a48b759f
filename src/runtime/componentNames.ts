/**
 * Names page and form schemas may use in `x-component` and `x-decorator`. The registry maps
 * each to its implementation and is typed against this list, so the schema check and the
 * renderer cannot disagree.
 */
export const COMPONENT_NAMES = [
  'FormItem',
  'FormLayout',
  'FormGrid',
  'Input',
  'TextArea',
  'Password',
  'Checkbox',
  'RadioGroup',
  'Select',
  'DatePicker',
  'NumberPicker',
  'Switch',
  'Submit',
  'Reset',
  'Space',
  'Card',
  'Divider',
  'Alert',
  'Result',
  'Title',
  'Paragraph',
  'Text',
  'RouterLink',
  'CenteredPanel',
  'Row',
  'Col',
  'OperationForm',
  'SendCodeButton',
  'AttachmentUpload',
  'OperationList',
  'OperationDescriptions',
  'OperationArticle',
  'OperationCarousel',
  'OperationOnLoad',
  'QueryRedirect',
  'ExternalTool',
  'GenericTable',
  'FilterBar',
  'ClassificationBrowser',
  'ReleaseLogDialog',
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];
