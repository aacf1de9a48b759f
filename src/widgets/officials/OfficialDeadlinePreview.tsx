import { useEffect, useMemo } from 'react';
import { Typography } from 'antd';
import { useField } from '@formily/react';
import { observer } from '@formily/reactive-react';
import type { Field } from '@formily/core';
import type { OfficialDeadlinePreviewProps } from '../../generated/types.js';
import { DeadlineDisplay } from '../../runtime/components/DeadlineDisplay.js';
import { useLetterCatalog } from './letterForm.js';
import { previewDeadline } from './previewDeadline.js';
import { useWorkCalendar } from './useWorkCalendar.js';

type Props = OfficialDeadlinePreviewProps & { value?: string | null; onChange?: (value: string | null) => void };

/**
 * 官方期限 on the letter form: worked out by the shared engine whenever the type, the dates or the
 * delivery method change, with each step of how it was reached; the field holds the date.
 */
export const OfficialDeadlinePreview = observer(function OfficialDeadlinePreview({ value, onChange }: Props) {
  const field = useField<Field>();
  const form = field.form;
  const catalog = useLetterCatalog();
  const calendar = useWorkCalendar();
  const values = form.values as Record<string, unknown>;
  const documentType = values.documentType as string | undefined;
  const entry = catalog.find((e) => e.officalType === documentType);
  const result = useMemo(
    () =>
      entry
        ? previewDeadline(
            entry,
            {
              deliveryMethod: ((values.mediaAttributes as string | undefined) ?? '电子') as '电子' | '纸质' | '公告',
              sendDate: (values.sendDate as string | undefined) || null,
              receiveDate: (values.receiveDate as string | undefined) || null,
              receiptProven: Boolean(values.receiptProven),
            },
            calendar,
          )
        : null,
    [entry, values.mediaAttributes, values.sendDate, values.receiveDate, values.receiptProven, calendar],
  );
  const date = result && 'date' in result ? result.date : null;
  useEffect(() => {
    // Only once the catalogue is read: a stored letter keeps its deadline until then.
    if (catalog.length > 0 && date !== (value ?? null)) onChange?.(date);
  }, [catalog.length, date, value, onChange]);
  return (
    <div className="official-deadline" data-testid="official-deadline">
      <DeadlineDisplay value={value ?? null} editable={false} />
      {result && 'steps' in result && result.steps.length > 0 && (
        <ol className="official-deadline-steps">
          {result.steps.map((step, i) => (
            <li key={i}>
              <Typography.Text type="secondary">
                {step.date}：{step.text}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
      {result && 'problem' in result && <Typography.Text type="secondary">{result.problem}</Typography.Text>}
      {entry && !result && <Typography.Text type="secondary">该类官文没有答复期限</Typography.Text>}
    </div>
  );
});
