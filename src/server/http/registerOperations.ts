import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../shared/envelope.js';
import { PUBLIC, type JsonSchema, type OperationDefinition } from '../../shared/operation.js';
import { operationTable, sharedSchemas } from '../../generated/routes.js';
import { multipartFieldCheck } from './multipartFields.js';
import { htmlFieldPaths } from './htmlFields.js';
import { fieldLabeller } from './fieldLabels.js';
import { badRequest } from './apiError.js';
import { describeValidationErrors } from './validationMessage.js';
import type { OperationRouteConfig } from './operationRequest.js';
import type { FileReply, Handlers, PrepareContext, Preparers, PublicContext, ServerServices, TenantContext } from './context.js';

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

const envelope = (data: unknown) => ({ code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data: data ?? null });

/** The request properties a GET operation takes in its path (`/official/{id}`). */
function pathParams(op: OperationDefinition): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** A GET operation's input: path parameters validated as `params`, the rest as the query string. */
function getInput(op: OperationDefinition): { querystring: JsonSchema; params?: JsonSchema } {
  const inPath = pathParams(op);
  if (inPath.length === 0) return { querystring: op.request };
  const properties = (op.request.properties ?? {}) as Record<string, JsonSchema>;
  const required = (op.request.required ?? []) as string[];
  const pick = (keep: (name: string) => boolean): JsonSchema => ({
    ...op.request,
    properties: Object.fromEntries(Object.entries(properties).filter(([name]) => keep(name))),
    required: required.filter(keep),
  });
  // A path carries text: an integer parameter is checked as digits here and read as a number (`requestBody`).
  const params = pick((name) => inPath.includes(name));
  params.properties = Object.fromEntries(
    Object.entries(params.properties as Record<string, JsonSchema>).map(([name, schema]) => [
      name,
      schema.type === 'integer' ? { title: schema.title, type: 'string', pattern: '^[0-9]{1,15}$' } : schema,
    ]),
  );
  return { querystring: pick((name) => !inPath.includes(name)), params };
}

/** The path parameters of a GET operation as its handler takes them: integers as numbers. */
function pathValues(op: OperationDefinition, params: Record<string, string>): Record<string, string | number> {
  const properties = (op.request.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, properties[name]?.type === 'integer' ? Number(value) : value]));
}

/**
 * One Fastify route per operation of the generated table, validated and serialised by its schemas.
 * The route's `config.operation` tells the hooks of operationHooks.ts what to do around the handler:
 * by the time it runs, the session, the permission, the upload and the transaction are settled.
 */
export function registerOperations(app: FastifyInstance, services: ServerServices, handlers: Handlers, preparers: Preparers = {}): void {
  const schemaById = new Map(sharedSchemas.map((s) => [s.$id as string, s]));
  for (const op of operationTable) {
    const handler = handlers[op.id as keyof Handlers] as unknown as (body: unknown, ctx: PublicContext | TenantContext) => Promise<unknown>;
    if (!handler) throw new Error(`接口 ${op.id} 没有处理函数`);
    // Uploads are read in a hook; downloads answer with the file, not an envelope.
    const input = op.transport === 'multipart' ? {} : op.method === 'GET' ? getInput(op) : { body: op.request };
    const output = op.transport === 'file' ? {} : { response: { 200: envelopeSchema(op.response) } };
    const prepare = preparers[op.id as keyof Preparers] as ((body: unknown, ctx: PrepareContext) => Promise<unknown>) | undefined;
    if (prepare && op.permission === PUBLIC) throw new Error(`公开接口 ${op.id} 不能有准备步骤`);
    const resolve = (ref: string) => schemaById.get(ref);
    const labelAt = fieldLabeller(op.request, resolve);
    const operation: OperationRouteConfig = {
      definition: op,
      htmlFields: op.transport === 'multipart' ? [] : htmlFieldPaths(op.request, resolve),
      checkFields: op.transport === 'multipart' ? multipartFieldCheck(op.request, labelAt) : undefined,
      labelAt,
      ...(prepare ? { prepare } : {}),
    };
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: { ...input, ...output },
      // Refusals name fields by the titles of this operation's request, list items and shared schemas' fields included.
      schemaErrorFormatter: (errors) => badRequest(describeValidationErrors(errors as ErrorObject[], labelAt)),
      config: { operation },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const data = await handler(requestBody(op, request), contextOf(op, request, reply));
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

  function requestBody(op: OperationDefinition, request: FastifyRequest): unknown {
    if (request.received) return request.received.fields;
    if (op.method !== 'GET') return request.body;
    return pathParams(op).length ? { ...(request.query as object), ...pathValues(op, request.params as Record<string, string>) } : request.query;
  }

  function contextOf(op: OperationDefinition, request: FastifyRequest, reply: FastifyReply): PublicContext | TenantContext {
    if (op.permission === PUBLIC) return { ...services, request, reply, session: request.session };
    const ctx: TenantContext = { ...services, request, reply, session: request.session!, db: request.db! };
    if (request.prepared) ctx.prepared = request.prepared;
    if (request.received) return { ...ctx, upload: request.received.upload, chunk: request.received.chunk };
    return ctx;
  }
}
