import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../shared/envelope.js';
import { PUBLIC, SIGNED_IN, type JsonSchema, type OperationDefinition } from '../../shared/operation.js';
import { operationTable, sharedSchemas } from '../../generated/routes.js';
import { resolveSession, tokenOf, type Session } from '../auth/session.js';
import { scopedTo, withOrganisation } from '../db/tenantScope.js';
import { statementsSent } from '../db/statementsSent.js';
import { receiveMultipart } from '../files/receiveUpload.js';
import { multipartFieldCheck } from './multipartFields.js';
import { forbidden } from './apiError.js';
import { cleanHtmlFields, htmlFieldPaths } from './htmlFields.js';
import { sanitizeRichText } from './richTextSanitizer.js';
import type { FileReply, Handlers, PublicContext, ServerServices, TenantContext } from './context.js';

function envelopeSchema(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      code: { type: 'integer' },
      message: { type: 'string' },
      data,
      subCode: { type: 'integer' },
      subMessage: { type: 'string' },
    },
  };
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const envelope = (data: unknown) => ({ code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data: data ?? null });

/** Enforces the operation's permission on the server, whatever the page showed. */
function checkPermission(op: OperationDefinition, session: Session, labels: ReadonlyMap<string, string>): void {
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

/** One Fastify route per operation of the generated table, validated and serialised by its schemas. */
export function registerOperations(app: FastifyInstance, services: ServerServices, handlers: Handlers, permissionLabels: ReadonlyMap<string, string>): void {
  const schemaById = new Map(sharedSchemas.map((s) => [s.$id as string, s]));
  for (const op of operationTable) {
    const handler = handlers[op.id as keyof Handlers] as unknown as (body: unknown, ctx: PublicContext | TenantContext) => Promise<unknown>;
    if (!handler) throw new Error(`接口 ${op.id} 没有处理函数`);
    // Uploads are read by their handler; downloads answer with the file, not an envelope.
    const input = op.transport === 'multipart' ? {} : op.method === 'GET' ? { querystring: op.request } : { body: op.request };
    const output = op.transport === 'file' ? {} : { response: { 200: envelopeSchema(op.response) } };
    // Rich text (`contentMediaType: text/html`) is sanitised here, after validation, before any handler sees it.
    const htmlFields = op.transport === 'multipart' ? [] : htmlFieldPaths(op.request, (ref) => schemaById.get(ref));
    const checkFields = op.transport === 'multipart' ? multipartFieldCheck(op.request) : undefined;
    app.route({
      method: op.method,
      url: op.path,
      schema: { ...input, ...output },
      // An empty POST counts as `{}`, so operations without input need no body.
      preValidation: async (request: FastifyRequest) => {
        if (op.method === 'POST' && op.transport === 'json' && request.body === undefined) request.body = {};
      },
      ...(htmlFields.length > 0
        ? {
            preHandler: async (request: FastifyRequest) => {
              cleanHtmlFields(op.method === 'GET' ? request.query : request.body, htmlFields, sanitizeRichText);
            },
          }
        : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const body = op.method === 'GET' ? request.query : request.body;
        let data: unknown;
        if (op.permission === PUBLIC) {
          data = await handler(body, { ...services, request, reply, session: await optionalSession(services, request) });
        } else {
          if (checkFields) {
            // An upload is received before its transaction opens, so no transaction waits on the network.
            const session = await resolveSession(services.system, request);
            checkPermission(op, session, permissionLabels);
            const received = await receiveMultipart(request, services, session.orgId, op, checkFields);
            data = await withOrganisation(services.system, session.orgId, (db) =>
              handler(received.fields, { ...services, request, reply, session, db, upload: received.upload, chunk: received.chunk }),
            );
          } else {
            // A read-only transaction wrote nothing, so its answer need wait for no COMMIT: it is sent first,
            // and the COMMIT after it. A failure before the answer is ready (session, permission, handler,
            // serialisation) fails the call as usual.
            const answersFirst = op.readOnly === true && op.transport === 'json';
            const transaction = op.readOnly ? services.system.transaction().setAccessMode('read only') : services.system.transaction();
            let answerWith!: (serialised: Buffer | Promise<Buffer>) => void;
            const answer = new Promise<Buffer>((resolve) => (answerWith = resolve));
            // Awaited below; handled here too, so a failed commit and a failed serialisation leave no unhandled rejection.
            answer.catch(() => undefined);
            let markAnswered!: () => void;
            const answered = new Promise<void>((resolve) => (markAnswered = resolve));
            const committed = transaction.execute(async (trx) => {
              const session = await resolveSession(trx, request, true);
              checkPermission(op, session, permissionLabels);
              const result = await handler(body, { ...services, request, reply, session, db: scopedTo(trx, session.orgId) });
              const serialise = () => Buffer.from(reply.serialize(envelope(result)) as string);
              if (answersFirst) {
                answerWith(serialise());
                await answered;
              } else if (op.transport === 'json') {
                // The answer is serialised while the commit, the transaction's last round trip, is on its way.
                answerWith(statementsSent().then(serialise));
              }
              return result;
            });
            if (answersFirst) {
              let sent = false;
              committed.catch((err: unknown) => sent && request.log.warn({ err }, '只读事务提交失败'));
              try {
                const ready = await Promise.race([answer, committed.then(() => answer)]);
                sent = true;
                return reply.type(JSON_CONTENT_TYPE).send(ready);
              } finally {
                // Node writes the answer out on the next tick: the COMMIT follows it.
                setImmediate(markAnswered);
              }
            }
            data = await committed;
            if (op.transport === 'json') return reply.type(JSON_CONTENT_TYPE).send(await answer);
          }
        }
        if (op.transport === 'file') {
          const file = data as FileReply;
          return reply
            .type(file.contentType)
            .header('content-length', file.size)
            .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
            .send(file.stream);
        }
        return envelope(data);
      },
    });
  }
}
