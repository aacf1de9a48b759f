import type { JsonSchema, OperationDefinition } from '../src/shared/operation.js';
import { PUBLIC } from '../src/shared/operation.js';
import type { SchemaFile } from '../src/schemaSource/schemaFiles.js';
import { withEnumTitlesDescribed } from './enumTitles.js';

/** Rewrites refs to shared schemas into OpenAPI component refs and drops rendering keywords. */
function toComponentRefs(node: unknown, componentOf: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => toComponentRefs(n, componentOf));
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(withEnumTitlesDescribed(node as JsonSchema))) {
    if (key.startsWith('x-') || key === 'tsType') continue;
    if (key === '$ref' && typeof value === 'string') {
      const name = componentOf.get(value.split('#')[0]);
      out.$ref = name ? `#/components/schemas/${name}` : value;
    } else out[key] = toComponentRefs(value, componentOf);
  }
  return out;
}

function envelopeOf(data: unknown): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'integer', description: '200 表示成功，其余与 HTTP 状态码一致' },
      message: { type: 'string' },
      data,
      subCode: { type: 'integer', description: '业务错误码；10002 视为成功' },
      subMessage: { type: 'string', description: '业务错误的中文说明' },
    },
  };
}

export function generateOpenApi(files: SchemaFile[], operations: OperationDefinition[]): string {
  const entities = files.filter((f) => f.kind === 'entities');
  const componentOf = new Map(entities.map((f) => [f.id, f.body.title as string]));
  const schemas: JsonSchema = {};
  for (const f of entities) schemas[f.body.title as string] = toComponentRefs(f.body, componentOf);
  schemas.ErrorEnvelope = envelopeOf({ type: 'null' });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const request = toComponentRefs(op.request, componentOf) as JsonSchema;
    const operation: JsonSchema = {
      operationId: op.id,
      tags: [op.domain],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      'x-permission': op.permission,
      'x-silent': op.silent,
      'x-read-only': op.readOnly,
      security: op.permission === PUBLIC ? [] : [{ token: [] }],
      responses: {
        '200':
          op.transport === 'file'
            ? { description: '文件内容', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
            : { description: '成功', content: { 'application/json': { schema: envelopeOf(toComponentRefs(op.response, componentOf)) } } },
        '4XX': {
          description: '请求有误、未登录、无权限或业务错误',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    };
    if (op.transport === 'multipart') {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
      };
    } else if (op.method === 'GET') {
      const props = (request.properties ?? {}) as Record<string, JsonSchema>;
      operation.parameters = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema }));
    } else {
      operation.requestBody = { required: true, content: { 'application/json': { schema: request } } };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
  }

  const document = {
    openapi: '3.1.0',
    info: {
      title: '商标与知识产权案件管理平台接口',
      version: '1',
      description: '全部接口由 schemas/api 生成。应答统一为 {code, message, data, subCode?, subMessage?}。',
    },
    components: {
      schemas,
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
    },
    paths,
  };
  return JSON.stringify(document, null, 2) + '\n';
}
