import { useEffect } from 'react';
import { useField } from '@formily/react';
import { isField } from '@formily/core';

export interface ValueLabel {
  label: string;
  value: unknown;
}

/**
 * Lets a widget whose value is codes or numbers say how they read, through its field's
 * dataSource: the filter bar's condition chips show these labels instead of the raw values.
 */
export function usePublishLabels(labels: ValueLabel[]): void {
  const field = useField();
  const key = JSON.stringify(labels);
  useEffect(() => {
    if (field && isField(field)) field.setDataSource(labels);
    // The labels are compared by content; a new array with the same entries changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, key]);
}
