import type { LetterDeadlineCellProps } from '../../generated/types.js';
import { DeadlineDisplay } from '../../runtime/components/DeadlineDisplay.js';

/** A list row's official deadline: the date and, while the letter is pending, the days left (overdue in red). */
export function LetterDeadlineCell({ date, pending = true }: LetterDeadlineCellProps) {
  return <DeadlineDisplay value={date ?? null} editable={false} showRemaining={pending} />;
}
