import type { DictDefinition } from '../../generated/types.js';
import { readSchemaFile } from '../../schemaSource/schemaFiles.js';

export interface MessageEvent {
  value: string;
  label: string;
}

let events: MessageEvent[] | undefined;

/** The events that send messages, from schemas/dicts/message-events.json, in their order. */
export function messageEvents(): MessageEvent[] {
  events ??= (readSchemaFile('dicts', 'message-events.json').body as unknown as DictDefinition).items.map((item) => ({
    value: String(item.value),
    label: item.label,
  }));
  return events;
}

export function messageEventLabel(event: string): string {
  return messageEvents().find((e) => e.value === event)?.label ?? event;
}
