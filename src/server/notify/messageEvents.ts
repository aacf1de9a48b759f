import type { DictDefinition } from '../../generated/types.js';
import { readSchemaFile } from '../../schemaSource/schemaFiles.js';

export interface MessageEvent {
  value: string;
  label: string;
  /** Not configurable: the test message goes only where the admin sends it. */
  hidden: boolean;
  /** Until the organisation saves this event's channels, it goes by e-mail too once an SMTP server is set. */
  emailByDefault: boolean;
}

let events: MessageEvent[] | undefined;

function allEvents(): MessageEvent[] {
  events ??= (readSchemaFile('dicts', 'message-events.json').body as unknown as DictDefinition).items.map((item) => ({
    value: String(item.value),
    label: item.label,
    hidden: (item as { hidden?: unknown }).hidden === true,
    emailByDefault: (item as { emailByDefault?: unknown }).emailByDefault === true,
  }));
  return events;
}

/** The events an organisation sets channels for, from schemas/dicts/message-events.json, in their order. */
export function messageEvents(): MessageEvent[] {
  return allEvents().filter((e) => !e.hidden);
}

export function messageEventLabel(event: string): string {
  return allEvents().find((e) => e.value === event)?.label ?? event;
}

export function emailByDefault(event: string): boolean {
  return allEvents().find((e) => e.value === event)?.emailByDefault ?? false;
}
