import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC, SIGNED_IN, type OperationDefinition } from '../../shared/operation.js';
import { presentedToken, resolveSession, tokenOf, type Session } from '../auth/session.js';
import { RequestTransaction } from '../db/requestTransaction.js';
import { statementsSent } from '../db/statementsSent.js';
import { bindOrganisation, scopedTo } from '../db/tenantScope.js';
import { receiveMultipart } from '../files/receiveUpload.js';
import { ApiError, badRequest, forbidden } from './apiError.js';
import type { ServerServices } from './context.js';
import { cleanHtmlFields } from './htmlFields.js';
import { operationOf } from './operationRequest.js';
import { sanitizeRichText } from './richTextSanitizer.js';
import { unstorableTextAt, unstorableTextMessage } from './textCharacters.js';

/** What a user signed in with an administrator's first password may do before changing it. */
const BEFORE_FIRST_PASSWORD_CHANGE = new Set(['account.changePassword', 'auth.getUserInfo', 'auth.getMenuList', 'auth.logout']);

/** Enforces the operation's permission on the server, whatever the page showed. */
function checkPermission(op: OperationDefinition, session: Session, labels: ReadonlyMap<string, string>): void {
  if (session.mustChangePassword && !BEFORE_FIRST_PASSWORD_CHANGE.has(op.id)) throw forbidden('请先修改管理员设置的初始密码');
  if (op.permission === SIGNED_IN) return;
  if (!session.mauth) throw forbidden('当前账号未开通授权，请联系管理员');
  if (!session.permissions.has(op.permission)) {
    throw forbidden(`没有“${labels.get(op.permission) ?? op.permission}”权限`);
  }
}

async function optionalSession(services: ServerServices, request: FastifyRequest): Promise<Session | null> {
  // Most public calls carry no token: no error is made (and its stack captured) only to be dropped.
  if (!tokenOf(request)) return null;
  try {
    return await resolveSession(services.system, request);
  } catch {
    return null;
  }
}

/** Hands the request's transaction over to one way of ending; the hooks after it find none. */
function takeTransaction(request: FastifyRequest): RequestTransaction | null {
  const transaction = request.transaction;
  request.transaction = null;
  return transaction;
}

/**
 * An operation's way through Fastify, for the routes of registerOperations.ts:
 *   preValidation    the session (401 before the body is looked at), the permission (403), and for JSON calls without a
 *                    preparer the transaction: its BEGIN leaves together with the session check, which also binds the organisation;
 *   validation       Fastify, by the request schema (422);
 *   preHandler       texts no column can store refused (422); rich text sanitised; an upload received, the preparer run
 *                    (Preparers), then their transaction opened;
 *   handler          registerOperations.ts, with `request.session` and `request.db`;
 *   preSerialization a write's COMMIT sent, its answer serialised while the COMMIT is on its way;
 *   onSend           a write's COMMIT awaited (a failed COMMIT fails the call); a read-only one's COMMIT after its answer;
 *   onError          ROLLBACK; onResponse: whatever is still open (nothing, on every known path).
 * Installed before the Server-Timing hook, so a write's time includes its COMMIT.
 */
export function installOperationHooks(app: FastifyInstance, services: ServerServices, permissionLabels: ReadonlyMap<string, string>): void {
  app.addHook('preValidation', async (request) => {
    const operation = operationOf(request);
    if (!operation) return;
    const op = operation.definition;
    // An empty POST counts as `{}`, so operations without input need no body.
    if (op.method === 'POST' && op.transport === 'json' && request.body === undefined) request.body = {};
    if (op.permission === PUBLIC) {
      request.session = await optionalSession(services, request);
      return;
    }
    presentedToken(request);
    // Its transaction opens later, once the upload is received or the preparation done.
    if (op.transport === 'multipart' || operation.prepare) {
      const session = await resolveSession(services.system, request);
      checkPermission(op, session, permissionLabels);
      request.session = session;
      return;
    }
    const transaction = await RequestTransaction.open(services.system, op.readOnly);
    request.transaction = transaction;
    const session = await resolveSession(transaction.trx, request, true);
    checkPermission(op, session, permissionLabels);
    request.session = session;
    request.db = scopedTo(transaction.trx, session.orgId);
  });

  // The hooks below answer most requests synchronously (callback style): only uploads and writes wait here.
  app.addHook('preHandler', (request, _reply, done) => {
    const operation = operationOf(request);
    if (!operation) return done();
    const op = operation.definition;
    // A NUL or a lone surrogate would fail the statement that stores it: refused here, naming where it is.
    if (op.transport === 'json') {
      const at = unstorableTextAt(op.method === 'GET' ? request.query : request.body);
      if (at) return done(badRequest(unstorableTextMessage(operation.labelAt(at.path), at.inKey)));
    }
    // Rich text (`contentMediaType: text/html`) is sanitised after validation, before any handler sees it.
    if (operation.htmlFields.length > 0) cleanHtmlFields(op.method === 'GET' ? request.query : request.body, operation.htmlFields, sanitizeRichText);
    const session = request.session;
    const prepare = operation.prepare;
    if ((!operation.checkFields && !prepare) || !session || op.permission === PUBLIC) return done();
    // An upload is received, and long work done, before the transaction opens: no transaction waits on the network or on that work.
    const beforeTransaction = async () => {
      let body: unknown = op.method === 'GET' ? request.query : request.body;
      if (operation.checkFields) {
        request.received = await receiveMultipart(request, services, session.orgId, op, operation.checkFields);
        body = request.received.fields;
      }
      if (prepare) {
        request.prepared = await prepare(body, { ...services, session, upload: request.received?.upload }).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      }
      const transaction = await RequestTransaction.open(services.system, op.readOnly);
      request.transaction = transaction;
      request.db = await bindOrganisation(transaction.trx, session.orgId);
    };
    beforeTransaction().then(() => done(), done);
  });

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const transaction = request.transaction;
    if (!transaction || transaction.readOnly) return done(null, payload);
    void transaction.commit();
    statementsSent().then(() => done(null, payload));
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    const transaction = request.transaction;
    if (!transaction) return done(null, payload);
    if (transaction.readOnly) {
      // A read-only transaction wrote nothing, so its answer waits for no COMMIT: Node writes the answer out
      // once this hook is done, and the COMMIT follows it on the next turn of the event loop.
      request.transaction = null;
      setImmediate(() => transaction.commit().catch((err: unknown) => request.log.warn({ err }, '只读事务提交失败')));
      return done(null, payload);
    }
    // A write's answer leaves only after its COMMIT succeeded; a failed COMMIT goes to onError and fails the call.
    transaction.commit().then(() => {
      request.transaction = null;
      done(null, payload);
    }, done);
  });

  app.addHook('onError', async (request, _reply, error) => {
    await takeTransaction(request)?.rollback();
    if (error instanceof ApiError && error.afterRollback) await error.afterRollback();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    const transaction = takeTransaction(request);
    if (!transaction) return done();
    request.log.error({ operation: operationOf(request)?.definition.id }, '请求结束时事务仍未完成，已回滚');
    transaction.rollback().then(() => done(), done);
  });
}
