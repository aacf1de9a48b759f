import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { FieldEditor } from './FieldEditor.js';
import { draftProblem, newDraft, type FieldDraft } from './fieldDrafts.js';

export interface CustomFieldCreateDialogProps {
  open: boolean;
  /** The dialog's other rows, so a name is not used twice. */
  rows: FieldDraft[];
  onCreate(draft: FieldDraft): void;
  onClose(): void;
}

/** 新增自定义 (500px): a new field's settings; it joins the list and is saved with the list. */
export function CustomFieldCreateDialog({ open, rows, onCreate, onClose }: CustomFieldCreateDialogProps) {
  const runtime = useRuntime();
  const [draft, setDraft] = useState<FieldDraft>(() => newDraft());
  useEffect(() => {
    if (open) setDraft(newDraft());
  }, [open]);
  return (
    <Modal
      title="新增自定义"
      width={500}
      open={open}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => {
        const problem = draftProblem(draft, rows);
        if (problem) {
          runtime.notify('warning', problem);
          return;
        }
        onCreate({ ...draft, fieldTitle: draft.fieldTitle.trim(), name: draft.fieldTitle.trim() });
      }}
    >
      <FieldEditor draft={draft} onChange={setDraft} />
    </Modal>
  );
}
