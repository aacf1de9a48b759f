import { useMemo } from 'react';
import { useOperation } from '../../runtime/useOperation.js';
import { createWorkCalendar, type WorkCalendar } from '../../shared/deadlines/workCalendar.js';

/** The calendar deadlines are counted on in the page: the shipped holiday table, then the platform's corrections once read. */
export function useWorkCalendar(): WorkCalendar {
  const { data } = useOperation('workCalendar.corrections', {});
  return useMemo(() => createWorkCalendar(data?.days ?? []), [data]);
}
