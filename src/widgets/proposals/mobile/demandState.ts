import type { DemandDetail } from '../../../generated/types.js';

/** The colour of a proposal's state tag, as approval apps show it: waiting orange, approved green, rejected red. */
export const STATE_TAG: Record<DemandDetail['state'], { title: string; color: string }> = {
  draft: { title: '草稿', color: 'default' },
  approving: { title: '审批中', color: 'warning' },
  approved: { title: '已通过', color: 'success' },
  rejected: { title: '已驳回', color: 'error' },
  withdrawn: { title: '已撤回', color: 'default' },
};

/** A proposal id from the address: a positive whole number, or null. */
export function demandIdOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
}

export const demandPath = (id: number) => `/mobile/demand?id=${id}`;

/** The name an avatar is drawn from: without a trailing note in brackets (“黄磊（华东事业部）” → 黄磊), so it shows the person's own characters. */
export function avatarNameOf(name: string): string {
  const bare = name.replace(/\s*[（(][^（）()]*[）)]\s*$/u, '');
  return bare || name;
}
