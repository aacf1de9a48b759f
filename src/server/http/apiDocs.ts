import type { FastifyInstance } from 'fastify';
import openapi from '../../generated/openapi.json' with { type: 'json' };

type Operation = { operationId: string; summary: string; description?: string; 'x-permission': string; tags: string[] };

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A readable page of every operation, rendered from the generated OpenAPI document. */
function renderDocsPage(): string {
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(openapi.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) {
      rows.push(`<tr id="${escape(op.operationId)}"><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td>
<td>${escape(op.operationId)}</td><td>${escape(op.summary)}${op.description ? `<div class="d">${escape(op.description)}</div>` : ''}</td>
<td><code>${escape(op['x-permission'])}</code></td></tr>`);
    }
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>接口文档</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #eee;padding:8px;text-align:left;vertical-align:top}th{background:#fafafa}.d{color:#666;font-size:13px;margin-top:4px}
code{background:#f5f5f5;padding:1px 4px;border-radius:3px}</style></head><body>
<h1>${escape(openapi.info.title)}</h1><p>${escape(openapi.info.description)}</p>
<p>机器可读版本：<a href="/api/openapi.json">/api/openapi.json</a>（OpenAPI ${escape(openapi.openapi)}）。权限 <code>$public</code> 无需登录，<code>$signedIn</code> 需要登录，其余为角色 roleAuth 中的权限键。</p>
<table><thead><tr><th>方法</th><th>路径</th><th>接口标识</th><th>说明</th><th>权限</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}

export function registerApiDocs(app: FastifyInstance): void {
  const page = renderDocsPage();
  app.get('/api/openapi.json', async () => openapi);
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}
