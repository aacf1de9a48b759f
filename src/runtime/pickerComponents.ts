import { Checkbox, Radio } from '@formily/antd-v5';
import { DatePicker, NumberPicker, Select, Switch } from './fields/pickerFields.js';
import { DeadlineDisplay } from './components/DeadlineDisplay.js';
import { HandlingDeadlinePicker } from './components/HandlingDeadlinePicker.js';
import { TreeSelectAll } from './components/treeSelectAll/TreeSelectAll.js';
import { PersonSearch } from './components/PersonSearch.js';
import { OperationSelect } from './components/OperationSelect.js';
import type { SchemaComponents } from './schemaFieldContext.js';

/** The fields that pick a value (options, choices, dates, numbers, people, tree nodes): one chunk, loaded with the first form showing one. */
export const pickerComponents = {
  Select,
  DatePicker,
  NumberPicker,
  Switch,
  Checkbox,
  RadioGroup: Radio.Group,
  DeadlineDisplay,
  HandlingDeadlinePicker,
  TreeSelectAll,
  PersonSearch,
  OperationSelect,
} satisfies SchemaComponents;
