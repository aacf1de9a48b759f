import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { SessionExpiry, SubCode } from '../../shared/envelope.js';
import { ApiError } from '../http/apiError.js';
import type { Database } from '../db/tables.js';
import { hashToken } from './tokens.js';
import { APP_ROLE } from '../db/migrate.js';
import { StatementTemplate } from '../db/statementTemplate.js';
import { BoundedCache } from '../boundedCache.js';

export interface Session {
  sessionId: number;
  userId: number;
  orgId: number;
  username: string;
  mauth: boolean;
  /** The role's roleAuth keys. */
  permissions: ReadonlySet<string>;
  /** Some rules follow the role's name, as the agency rule of spec 000 §6. */
  roleName: string;
  /** Signed in with a first password an administrator set: only changing it is allowed. */
  mustChangePassword: boolean;
  /** One of the platform's operators, who decide trial applications. */
  platformOperator: boolean;
}

/** The permission sets of the roles seen, by their roleAuth text: a session check then splits no text. */
const permissionSets = new BoundedCache<string, ReadonlySet<string>>(1000);

export function parseRoleAuth(roleAuth: string): Set<string> {
  return new Set(
    roleAuth
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
}

const expiredSession = (message: string) => new ApiError(401, SubCode.unauthenticated, message);

/** The token from the `token` header, or else from the `token` cookie; `''` when sent empty. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string') return header.trim();
  return request.cookies?.token;
}

/** The request's token, or the session-expiry error for a request without one: decided before any database work. */
export function presentedToken(request: FastifyRequest): string {
  const token = tokenOf(request);
  if (token === undefined) throw expiredSession(SessionExpiry.noToken);
  if (token === '') throw expiredSession(SessionExpiry.tokenEmpty);
  return token;
}

/**
 * The session row of a token hash with its user and role, as one statement. With `bindTenant` the
 * same statement also switches the transaction to the tenant role and the session's organisation.
 */
export function sessionQuery(system: Kysely<Database>, tokenHash: string, bindTenant: boolean) {
  return system
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      's.id as sessionId',
      's.org_id as orgId',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      'u.id as userId',
      'u.username as username',
      'u.mauth as mauth',
      'u.locked as locked',
      'u.locked_until as lockedUntil',
      'u.valid_from as validFrom',
      'u.valid_until as validUntil',
      'u.deleted_at as deletedAt',
      'u.must_change_password as mustChangePassword',
      'u.platform_operator as platformOperator',
      'r.role_auth as roleAuth',
      'r.name as roleName',
    ])
    .$if(bindTenant, (q) =>
      q.select([
        sql<string>`set_config('role', ${APP_ROLE}, true)`.as('tenantRole'),
        sql<string>`set_config('app.org_id', s.org_id::text, true)`.as('tenantOrg'),
      ]),
    )
    .where('s.token_hash', '=', tokenHash);
}

const sessionCheck = {
  plain: new StatementTemplate((db: Kysely<Database>, tokenHash: string) => sessionQuery(db, tokenHash, false)),
  bindingTenant: new StatementTemplate((db: Kysely<Database>, tokenHash: string) => sessionQuery(db, tokenHash, true)),
};

/**
 * The signed-in session of a request, or the session-expiry error that fits (spec 000 §8).
 * With `bindTenant`, run inside a transaction, the same statement also switches the transaction to
 * the tenant role and the session's organisation: one round trip instead of two. A refused session
 * leaves that binding to the rollback.
 */
export async function resolveSession(system: Kysely<Database>, request: FastifyRequest, bindTenant = false): Promise<Session> {
  const token = presentedToken(request);
  const [row] = (await system.executeQuery((bindTenant ? sessionCheck.bindingTenant : sessionCheck.plain).with(system, hashToken(token)))).rows;

  const now = new Date();
  if (!row || row.revokedAt || new Date(row.expiresAt) <= now) throw expiredSession(SessionExpiry.expired);
  if (row.userId === null || row.username === null || row.deletedAt) throw expiredSession(SessionExpiry.userMissing);
  if (row.locked || (row.lockedUntil && new Date(row.lockedUntil) > now)) throw expiredSession(SessionExpiry.userLocked);
  if ((row.validFrom && new Date(row.validFrom) > now) || (row.validUntil && new Date(row.validUntil) <= now)) {
    throw expiredSession(SessionExpiry.outsideValidity);
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    orgId: row.orgId,
    username: row.username,
    mauth: row.mauth ?? false,
    permissions: permissionSets.get(row.roleAuth ?? '', () => parseRoleAuth(row.roleAuth ?? '')),
    roleName: row.roleName ?? '',
    mustChangePassword: row.mustChangePassword ?? false,
    platformOperator: row.platformOperator ?? false,
  };
}
