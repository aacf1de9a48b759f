/**
 * Two fields of the enterprise save payload are JSON text (spec 000 §3): applicantEnglish, the
 * English name and address, and usedApplicantParam, the list of former names. Both sides read and
 * write them here, so the form and the server agree on the shape and the server's messages.
 */

export interface ApplicantEnglish {
  name: string;
  address: string;
}

export const ENGLISH_NAME_MAX = 200;
export const ENGLISH_ADDRESS_MAX = 500;
export const FORMER_NAME_MAX = 100;
export const FORMER_NAMES_MAX = 20;

type Read<T> = { value: T; problem: null } | { value: null; problem: string };

function parse(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return null;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"name": "…", "address": "…"}`, either part may be left out; blank text is no English information. */
export function readApplicantEnglish(text: string): Read<ApplicantEnglish> {
  if (!text.trim()) return { value: { name: '', address: '' }, problem: null };
  const parsed = parse(text);
  if (!parsed) return { value: null, problem: '英文信息不是合法的 JSON' };
  const json = parsed.json;
  if (!isPlainObject(json)) return { value: null, problem: '英文信息应为含英文名称 name 与英文地址 address 的 JSON 对象' };
  const extra = Object.keys(json).find((k) => k !== 'name' && k !== 'address');
  if (extra !== undefined) return { value: null, problem: `英文信息中不能有 ${extra}：只有英文名称 name 与英文地址 address` };
  for (const [key, title, max] of [
    ['name', '英文名称', ENGLISH_NAME_MAX],
    ['address', '英文地址', ENGLISH_ADDRESS_MAX],
  ] as const) {
    const v = json[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return { value: null, problem: `英文信息的${title}应为文字` };
    if (v.trim().length > max) return { value: null, problem: `英文信息的${title}不能超过 ${max} 个字符` };
  }
  const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { value: { name: trimmed(json.name), address: trimmed(json.address) }, problem: null };
}

/** The stored text of English information: null when both parts are blank. */
export function applicantEnglishText(value: ApplicantEnglish): string | null {
  const name = value.name.trim();
  const address = value.address.trim();
  return name || address ? JSON.stringify({ name, address }) : null;
}

/** A JSON list of names (`["旧名甲", "旧名乙"]`); blank text is no former name. */
export function readFormerNames(text: string): Read<string[]> {
  if (!text.trim()) return { value: [], problem: null };
  const parsed = parse(text);
  if (!parsed) return { value: null, problem: '曾用名不是合法的 JSON' };
  const json = parsed.json;
  if (!Array.isArray(json)) return { value: null, problem: '曾用名应为名称的 JSON 列表，如 ["旧名甲", "旧名乙"]' };
  if (json.length > FORMER_NAMES_MAX) return { value: null, problem: `曾用名最多 ${FORMER_NAMES_MAX} 个` };
  const names: string[] = [];
  for (const [i, item] of json.entries()) {
    const at = `曾用名第 ${i + 1} 项`;
    if (typeof item !== 'string') return { value: null, problem: `${at}应为文字` };
    const name = item.trim();
    if (!name) return { value: null, problem: `${at}不能为空` };
    if (name.length > FORMER_NAME_MAX) return { value: null, problem: `${at}不能超过 ${FORMER_NAME_MAX} 个字符` };
    if (names.includes(name)) return { value: null, problem: `${at}与前面的重复：${name}` };
    names.push(name);
  }
  return { value: names, problem: null };
}

/** The stored text of former names: null when there are none. */
export function formerNamesText(names: readonly string[]): string | null {
  const kept = names.map((n) => n.trim()).filter(Boolean);
  return kept.length ? JSON.stringify(kept) : null;
}
