import { operationTable } from '../../generated/routes.js';
import type { JsonSchema, OperationDefinition } from '../../shared/operation.js';

const operations = new Map(operationTable.map((op) => [op.id, op]));
/** Per operation: each detail key's title and place (jsonb keeps no key order: details are shown in the form's). */
const detailTitles = new Map<string, ReadonlyMap<string, { title: string; rank: number }>>();

/** Words the log itself writes into details, whatever the operation. */
const LOG_WORDS: Record<string, string> = { created: '新增', fields: '修改的字段', method: '登录方式' };

/** How the log names an operation: its summary in schemas/api; an id no operation has any more is shown as it is. */
export function operationName(id: string): string {
  return operations.get(id)?.summary ?? id;
}

const titlesOf = (schema: JsonSchema | undefined): [string, string][] =>
  Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, field]) =>
    typeof field.title === 'string' ? [[name, field.title] as [string, string]] : [],
  );

/**
 * What a detail's keys are called, first found first: the titles of the operation's request and
 * answer fields (the words of the form the person filled in), then of its domain's other requests.
 */
function titlesFor(id: string): ReadonlyMap<string, { title: string; rank: number }> {
  let titles = detailTitles.get(id);
  if (!titles) {
    const op = operations.get(id);
    const domain: OperationDefinition[] = op ? operationTable.filter((o) => o.domain === op.domain && o !== op) : [];
    const found = new Map<string, { title: string; rank: number }>();
    for (const [name, title] of [
      ...titlesOf(op?.request),
      ...titlesOf(op?.response),
      ...domain.flatMap((o) => titlesOf(o.request)),
      ...Object.entries(LOG_WORDS),
    ]) {
      if (!found.has(name)) found.set(name, { title, rank: found.size });
    }
    titles = found;
    detailTitles.set(id, titles);
  }
  return titles;
}

/**
 * An entry's detail as one line, in the order of the operation's form: each key by its title (else
 * the key itself), lists joined with 、 (a list of field names by their titles), yes or no for flags.
 */
export function describeDetail(operation: string, detail: unknown): string {
  if (!detail || typeof detail !== 'object') return '';
  const titles = titlesFor(operation);
  const text = (value: unknown): string => {
    if (value === null || value === undefined) return '空';
    if (typeof value === 'boolean') return value ? '是' : '否';
    if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'string' ? (titles.get(v)?.title ?? v) : text(v))).join('、') : '无';
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  const rank = (key: string) => titles.get(key)?.rank ?? titles.size;
  return Object.entries(detail)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => `${titles.get(key)?.title ?? key}：${text(value)}`)
    .join('；');
}
