import { createApiClient, operationRoutes, type CallOptions } from '../../generated/client.js';
import type { OperationRoute } from '../../shared/operation.js';
import { isSessionExpiry, SUCCESS_NOTICE_SUB_CODE, type ApiEnvelope } from '../../shared/envelope.js';
import { REQUEST_TIMEOUT_MS } from '../../shared/product.js';
import { userState } from '../session/userStore.js';
import { shellEvents } from './shellEvents.js';

/** A rejected call; its message has already been shown to the user. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly subCode?: number,
  ) {
    super(message);
  }
}

let inFlight = 0;
function overlay(delta: 1 | -1): void {
  inFlight = Math.max(0, inFlight + delta);
  shellEvents.emit('loading', inFlight);
}

const TIMEOUT_TEXT = '请求超时，请稍后重试';
const NETWORK_TEXT = '网络错误，请稍后重试';

function fail(text: string, status: number, subCode?: number): never {
  shellEvents.emit('notify', { type: 'error', text });
  throw new CallError(text, status, subCode);
}

/**
 * Every server call of the web app goes through here: POST by default, credentials and the
 * `token` header on every request, a 30-minute timeout, the loading overlay (unless silent),
 * and the error catalogue of spec 000 §8.
 */
export async function callOperation<Res>(route: OperationRoute, body: unknown, options: CallOptions = {}): Promise<Res> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    shellEvents.emit('offline');
    throw new CallError(NETWORK_TEXT, 0);
  }
  const silent = options.silent ?? route.silent;
  if (!silent) overlay(1);
  try {
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    // A GET operation's `{name}` path parameters come from the body; the rest is the query string.
    const rest: Record<string, string> = route.method === 'GET' && body && typeof body === 'object' ? { ...(body as Record<string, string>) } : {};
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = encodeURIComponent(String(rest[name] ?? ''));
      delete rest[name];
      return value;
    });
    const query = Object.keys(rest).length > 0 ? `?${new URLSearchParams(rest)}` : '';
    // Uploads send FormData as it is (the browser sets the multipart boundary).
    const upload = route.transport === 'multipart';
    let response: Response;
    try {
      response = await fetch(path + query, {
        method: route.method,
        credentials: 'include',
        headers: upload ? { token: userState().token } : { 'content-type': 'application/json', token: userState().token },
        body: route.method === 'GET' ? undefined : upload ? (body as FormData) : JSON.stringify(body ?? {}),
        signal,
      });
    } catch (err) {
      const name = (err as Error).name;
      const text = name === 'TimeoutError' || /timeout/i.test((err as Error).message) ? TIMEOUT_TEXT : NETWORK_TEXT;
      return fail(text, 0);
    }
    // A download answers with the file; an answer in JSON instead is the export's error.
    if (route.transport === 'file' && response.ok && !(response.headers.get('content-type') ?? '').includes('application/json')) {
      return (await response.blob()) as Res;
    }
    let envelope: ApiEnvelope<Res>;
    try {
      envelope = (await response.json()) as ApiEnvelope<Res>;
    } catch {
      return fail(`服务器返回了无法识别的内容（HTTP ${response.status}），请稍后重试`, response.status);
    }
    if (isSessionExpiry(envelope.subMessage)) {
      const text = envelope.subMessage!;
      setTimeout(() => shellEvents.emit('sessionExpired', text), 100);
      throw new CallError(text, response.status, envelope.subCode);
    }
    if (envelope.subCode !== undefined && envelope.subCode !== SUCCESS_NOTICE_SUB_CODE) {
      return fail(envelope.subMessage ?? envelope.message, response.status, envelope.subCode);
    }
    if (!response.ok) return fail(envelope.message || `请求失败（HTTP ${response.status}）`, response.status);
    return envelope.data;
  } finally {
    if (!silent) overlay(-1);
  }
}

/** The typed client, e.g. `api.auth.login(body)`. */
export const api = createApiClient(callOperation);

/** Calls an operation named in a schema by its id, e.g. `auth.login`. */
export function callOperationById<Res = unknown>(id: string, body: unknown, options?: CallOptions): Promise<Res> {
  const route = (operationRoutes as Record<string, OperationRoute>)[id];
  if (!route) throw new CallError(`未知的接口 ${id}`, 0);
  return callOperation<Res>(route, body, options);
}
