import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { LoginResult } from '../../generated/types.js';
import { SubCode } from '../../shared/envelope.js';
import { ApiError } from '../http/apiError.js';
import type { ServerServices } from '../http/context.js';
import { assertAccountUsable } from './accountState.js';
import { openSession } from './openSession.js';

/** A ticket may be dated at most this far ahead, so a leaked one dies soon. */
export const MAX_TICKET_LIFETIME_SECONDS = 600;

export interface TicketClaims {
  username: string;
  /** Expiry, Unix seconds. */
  exp: number;
  nonce: string;
}

const invalid = (message: string) => new ApiError(401, SubCode.unauthenticated, message);

export function signTicket(secret: string, claims: TicketClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** Checks the signature, the shape and the lifetime of a ticket; the nonce is checked by the caller. */
export function verifyTicket(secret: string, ticket: string, nowSeconds = Math.floor(Date.now() / 1000)): TicketClaims {
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid('单点登录票据格式不正确');
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid('单点登录票据签名无效');
  let claims: Partial<TicketClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TicketClaims>;
  } catch {
    throw invalid('单点登录票据内容无法解析');
  }
  if (typeof claims.username !== 'string' || typeof claims.exp !== 'number' || typeof claims.nonce !== 'string' || claims.nonce.length < 8) {
    throw invalid('单点登录票据缺少 username、exp 或 nonce');
  }
  if (claims.exp <= nowSeconds) throw invalid('单点登录票据已过期');
  if (claims.exp > nowSeconds + MAX_TICKET_LIFETIME_SECONDS) throw invalid('单点登录票据有效期过长');
  return claims as TicketClaims;
}

/** Signs in the user a partner system vouches for with a signed, single-use ticket. */
export async function signInWithTicket(services: ServerServices, ticket: string, reply: FastifyReply): Promise<LoginResult> {
  const secret = services.config.ssoSecret;
  if (!secret) throw new ApiError(503, SubCode.internal, '未配置单点登录（SSO_SECRET）');
  const claims = verifyTicket(secret, ticket);
  const { system } = services;
  // Each nonce works once; expired nonces are swept on the way.
  await system.deleteFrom('sso_nonces').where('expires_at', '<', new Date()).execute();
  const fresh = await system
    .insertInto('sso_nonces')
    .values({ nonce: claims.nonce, expires_at: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!fresh) throw invalid('单点登录票据已被使用');
  const user = await system
    .selectFrom('users')
    .select(['id', 'org_id', 'locked', 'valid_from', 'valid_until'])
    .where('username', '=', claims.username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw invalid(`单点登录的账号 ${claims.username} 不存在`);
  assertAccountUsable(user);
  return openSession(system, services.config, user, reply, 'sso');
}
