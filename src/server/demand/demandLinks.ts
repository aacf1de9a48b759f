import type { Kysely, Selectable } from 'kysely';
import type { DemandLink } from '../../generated/types.js';
import { SubCode } from '../../shared/envelope.js';
import type { CredentialCipher } from '../auth/credentialCipher.js';
import { BoundedCache } from '../boundedCache.js';
import type { Database, DemandLinksTable } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { ApiError, notFound } from '../http/apiError.js';

export type LinkRow = Selectable<DemandLinksTable>;

const PURPOSE = 'demandLink';

export const LINK_FORGED = '链接无效：地址不完整或已被改动，请向提供链接的人重新索取';
export const LINK_EXPIRED = '链接已过期，请向提供链接的人重新索取';
export const LINK_REVOKED = '链接已被撤销，请向提供链接的人重新索取';

/** Submissions a link takes in an hour, and one address through all the organisation's links. */
export const SUBMISSIONS_PER_LINK_HOUR = 30;
export const SUBMISSIONS_PER_ADDRESS_HOUR = 10;
/** Files one address may upload through a link in an hour. */
export const UPLOADS_PER_ADDRESS_HOUR = 60;
/** Calls of the public link pages one address may make in a minute (reading the form, uploading, submitting). */
export const CALLS_PER_ADDRESS_MINUTE = 60;

const signed = (orgId: number, linkId: number, expiresSec: number) => `${orgId}.${linkId}.${expiresSec}`;

/** The link's token: the organisation, the link and its expiry, signed; nothing of it is stored. */
export function linkToken(credentials: CredentialCipher, link: Pick<LinkRow, 'org_id' | 'id' | 'expires_at'>): string {
  const text = signed(link.org_id, link.id, Math.floor(new Date(link.expires_at).getTime() / 1000));
  return `${text}.${credentials.sign(text, PURPOSE)}`;
}

export function linkOut(credentials: CredentialCipher, link: LinkRow, createdByName: string, submissions: number, now = new Date()): DemandLink {
  const expiresAt = new Date(link.expires_at);
  return {
    id: link.id,
    title: link.title,
    typeNames: link.type_names,
    url: `/case-proposal?token=${linkToken(credentials, link)}`,
    expiresAt: expiresAt.toISOString(),
    revokedAt: link.revoked_at ? new Date(link.revoked_at).toISOString() : null,
    createdByName,
    createdAt: new Date(link.created_at).toISOString(),
    submissions,
    active: link.revoked_at === null && expiresAt > now,
  };
}

/**
 * The link a token names, once its signature, expiry and revocation are checked: a forged or
 * altered token, an expired or revoked link are each refused (404) with what to do.
 */
export async function openLink(system: Kysely<Database>, credentials: CredentialCipher, token: string, now = new Date()): Promise<LinkRow> {
  const parts = token.split('.');
  if (parts.length !== 4 || !parts.slice(0, 3).every((p) => /^[0-9]{1,12}$/.test(p))) throw notFound(LINK_FORGED);
  const [orgId, linkId, expiresSec] = parts.slice(0, 3).map(Number) as [number, number, number];
  if (!credentials.verify(signed(orgId, linkId, expiresSec), PURPOSE, parts[3]!)) throw notFound(LINK_FORGED);
  if (expiresSec * 1000 <= now.getTime()) throw notFound(LINK_EXPIRED);
  const link = await withOrganisation(system, orgId, (db) => db.selectFrom('demand_links').selectAll().where('id', '=', linkId).executeTakeFirst());
  if (!link || Math.floor(new Date(link.expires_at).getTime() / 1000) !== expiresSec) throw notFound(LINK_FORGED);
  if (link.revoked_at) throw notFound(LINK_REVOKED);
  return link;
}

/** Counts of one key per window, in memory: the first wall against one address flooding the public pages. */
class CallWindow {
  private readonly counts = new BoundedCache<string, { start: number; count: number }>(10_000);
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now: number): boolean {
    const entry = this.counts.peek(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.counts.set(key, { start: now, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }
}

/** The windows of each server (by its database), so servers sharing a process count apart. */
const publicCalls = new WeakMap<Kysely<Database>, CallWindow>();

export const tooMany = (message: string) => new ApiError(429, SubCode.validation, message);

/** Refuses an address that called the public link pages too often in the last minute. */
export function limitPublicCalls(system: Kysely<Database>, ip: string, now = Date.now()): void {
  let window = publicCalls.get(system);
  if (!window) publicCalls.set(system, (window = new CallWindow(CALLS_PER_ADDRESS_MINUTE, 60_000)));
  if (!window.take(ip, now)) throw tooMany('操作过于频繁，请一分钟后再试');
}

/** Refuses a submission beyond the link's or the address's hourly allowance (counted in the database, so every server agrees). */
export async function limitSubmissions(db: ScopedDb, link: LinkRow, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - 3_600_000);
  const [byLink, byAddress] = await Promise.all([
    db
      .selectFrom('demands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('link_id', '=', link.id)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('demands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(byLink.n) >= SUBMISSIONS_PER_LINK_HOUR) throw tooMany('这个链接一小时内收到的提案已达上限，请稍后再试');
  if (Number(byAddress.n) >= SUBMISSIONS_PER_ADDRESS_HOUR) throw tooMany('提交过于频繁，请一小时后再试');
}

/** Refuses an upload beyond the address's hourly allowance. */
export async function limitUploads(db: ScopedDb, link: LinkRow, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - 3_600_000);
  const count = await db
    .selectFrom('demand_link_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('link_id', '=', link.id)
    .where('client_ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= UPLOADS_PER_ADDRESS_HOUR) throw tooMany('上传过于频繁，请一小时后再试');
}
