import type { JsonSchema } from '../../shared/operation.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, conflict, notFound } from '../http/apiError.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { DESIGNABLE_KINDS, keyOf, titleOf, type DesignableKind } from './schemaLibrary.js';
import { designerLockout } from './designerLockout.js';
import { approverProblems } from './approverProblems.js';
import { logOperation } from '../accounts/operationLog.js';
import { sampleFromSchema } from './sampleData.js';
import { filesOfKind } from '../../schemaSource/schemaFiles.js';
import { permissionLabels } from '../pages/permissions.js';
import type { ComponentDescription } from '../../generated/types.js';

type Problem = { at: string; message: string };

/** The dictionaries a case type falls back to when it writes no statuses or transitions of its own. */
const CASE_DICTS = ['dicts/case-statuses.json', 'dicts/case-transitions.json', 'dicts/official-types.json'];

const KIND_TEXT: Record<DesignableKind, string> = { pages: '页面', forms: '表单', fields: '字段类型', caseTypes: '案件类型' };

/**
 * Every problem of a candidate version: the schema check (a case type against the organisation's
 * case types in effect, which a proposal type may create), the designer lock-out rule, and whether
 * the people a proposal type's approval flow names can be found.
 */
async function problemsOf(ctx: TenantContext, kind: DesignableKind, key: string, body: JsonSchema): Promise<Problem[]> {
  const inEffect =
    kind === 'caseTypes'
      ? (
          await ctx.db
            .selectFrom('schema_versions')
            .select(['key', 'body'])
            .where('kind', '=', 'caseTypes')
            .where('status', '=', 'published')
            .where('key', '!=', key)
            .execute()
        ).map((row) => ({ key: row.key, body: row.body as JsonSchema }))
      : [];
  const problems = ctx.schemas.problemsOf(kind, key, body, inEffect);
  const file = ctx.schemas.builtInFile(kind, key)?.file ?? '';
  problems.push(...(await designerLockout(ctx.db, kind, key, body, file)));
  problems.push(...(await approverProblems(ctx.db, kind, body, file)));
  return problems.map(({ at, message }) => ({ at: at ?? '/', message }));
}

/** A case type's category, for the builders that list case types and proposal types apart. */
function categoryOf(kind: DesignableKind, body: JsonSchema): { category?: 'case' | 'proposal' } {
  if (kind !== 'caseTypes') return {};
  return { category: body.category === 'proposal' ? 'proposal' : 'case' };
}

function versionsOf(db: ScopedDb, kind: string, key: string) {
  return db
    .selectFrom('schema_versions as v')
    .leftJoin('users as u', 'u.id', 'v.author_id')
    .select(['v.version', 'v.status', 'v.comment', 'v.created_at', 'v.body', 'u.display_name as authorName'])
    .where('v.kind', '=', kind)
    .where('v.key', '=', key);
}

const summary = (row: {
  version: number;
  status: 'draft' | 'published' | 'archived';
  comment: string | null;
  created_at: Date | string;
  authorName: string | null;
}) => ({
  version: row.version,
  status: row.status,
  comment: row.comment,
  authorName: row.authorName,
  createdAt: new Date(row.created_at).toISOString(),
});

async function latestVersion(db: ScopedDb, kind: string, key: string) {
  return versionsOf(db, kind, key).orderBy('v.version', 'desc').limit(1).executeTakeFirst();
}

function requireKnownKey(ctx: TenantContext, kind: DesignableKind, key: string, stored: boolean): void {
  if (!ctx.schemas.builtInFile(kind, key) && !stored) throw notFound(`没有键为 ${key} 的${KIND_TEXT[kind]}描述`);
}

/** The previously published version is archived; `version` (or the built-in, when null) takes effect. */
async function makeEffective(ctx: TenantContext, kind: string, key: string, version: number | null): Promise<void> {
  await ctx.db
    .updateTable('schema_versions')
    .set({ status: 'archived' })
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('status', '=', 'published')
    .execute();
  if (version !== null) {
    await ctx.db
      .updateTable('schema_versions')
      .set({ status: 'published' })
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('version', '=', version)
      .execute();
  }
}

function refuseProblems(problems: Problem[]): void {
  if (problems.length === 0) return;
  const [first] = problems;
  throw badRequest(`描述有 ${problems.length} 处问题，不能发布。第一处在 ${first.at}：${first.message}`);
}

async function insertVersion(
  ctx: TenantContext,
  kind: string,
  key: string,
  version: number,
  body: JsonSchema,
  status: 'draft' | 'published',
  comment: string | null,
): Promise<void> {
  try {
    await ctx.db
      .insertInto('schema_versions')
      .values({ org_id: ctx.session.orgId, kind, key, version, status, body: JSON.stringify(body), author_id: ctx.session.userId, comment })
      .execute();
  } catch (err) {
    // Two saves computed the same next version: the later one is told, not silently merged.
    if ((err as { code?: string }).code === '23505') throw conflict(`刚刚有人保存了第 ${version} 版，请刷新后在最新版本上修改`);
    throw err;
  }
}

export const designerHandlers: HandlersOf<'designer'> = {
  'designer.listSchemas': async (body, ctx) => {
    const kinds = body.kind ? [body.kind] : [...DESIGNABLE_KINDS];
    const stored = await ctx.db
      .selectFrom('schema_versions')
      .select(['kind', 'key', 'version', 'status', 'created_at', 'body'])
      .where('kind', 'in', kinds)
      .orderBy('version', 'desc')
      .execute();
    const entries = new Map<
      string,
      {
        kind: DesignableKind;
        key: string;
        title: string;
        builtIn: boolean;
        publishedVersion: number | null;
        latestVersion: number | null;
        updatedAt: string | null;
        category?: 'case' | 'proposal';
      }
    >();
    for (const kind of kinds) {
      for (const file of ctx.schemas.builtIns(kind)) {
        const key = keyOf(kind, file.body);
        if (key)
          entries.set(`${kind} ${key}`, {
            kind,
            key,
            title: titleOf(kind, file.body),
            builtIn: true,
            publishedVersion: null,
            latestVersion: null,
            updatedAt: null,
            ...categoryOf(kind, file.body),
          });
      }
    }
    // Newest first, so the first row seen of a key is its latest version.
    for (const row of stored) {
      const kind = row.kind as DesignableKind;
      const id = `${kind} ${row.key}`;
      const entry = entries.get(id) ?? {
        kind,
        key: row.key,
        title: titleOf(kind, row.body as JsonSchema),
        builtIn: false,
        publishedVersion: null,
        latestVersion: null,
        updatedAt: null,
      };
      if (entry.latestVersion === null) {
        entry.latestVersion = row.version;
        entry.updatedAt = new Date(row.created_at).toISOString();
        Object.assign(entry, categoryOf(kind, row.body as JsonSchema));
      }
      if (row.status === 'published') entry.publishedVersion = row.version;
      entries.set(id, entry);
    }
    const keyword = body.keyword?.trim().toLowerCase();
    const list = [...entries.values()]
      .filter((e) => !keyword || e.title.toLowerCase().includes(keyword) || e.key.toLowerCase().includes(keyword))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key));
    return { list };
  },

  'designer.getSchema': async (body, ctx) => {
    const versions = await versionsOf(ctx.db, body.kind, body.key).orderBy('v.version', 'desc').execute();
    requireKnownKey(ctx, body.kind, body.key, versions.length > 0);
    return { kind: body.kind, key: body.key, builtIn: ctx.schemas.builtInFile(body.kind, body.key)?.body ?? null, versions: versions.map(summary) };
  },

  'designer.getVersion': async (body, ctx) => {
    const row = await versionsOf(ctx.db, body.kind, body.key).where('v.version', '=', body.version).executeTakeFirst();
    if (!row) throw notFound(`${body.key} 没有第 ${body.version} 版`);
    return { version: summary(row), body: row.body as Record<string, unknown> };
  },

  'designer.editorContext': async (_body, ctx) => {
    const roles = await ctx.db.selectFrom('roles').select(['id', 'name', 'role_auth']).where('deleted_at', 'is', null).orderBy('id').execute();
    const users = await ctx.db.selectFrom('users').select(['id', 'display_name as name']).where('deleted_at', 'is', null).orderBy('id').execute();
    return {
      metaSchemas: Object.fromEntries(filesOfKind(ctx.schemas.files, 'meta').map((f) => [f.file, f.body])),
      components: filesOfKind(ctx.schemas.files, 'components').map((f) => f.body as unknown as ComponentDescription),
      operations: ctx.schemas.operations.map((op) => ({ id: op.id, summary: op.summary })),
      permissions: [...permissionLabels()].map(([value, label]) => ({ value, label })),
      roles: roles.map((r) => ({ id: r.id, name: r.name, permissions: r.role_auth.split(',').filter(Boolean) })),
      dicts: Object.fromEntries(ctx.schemas.files.filter((f) => CASE_DICTS.includes(f.file)).map((f) => [f.file, f.body])),
      users,
    };
  },

  'designer.sample': async (body, ctx) => {
    const operation = ctx.schemas.operations.find((op) => op.id === body.operation);
    if (!operation) throw notFound(`未知的接口 ${body.operation}`);
    return { data: sampleFromSchema(operation.response, (ref) => ctx.schemas.resolveRef(ref), body.choices) };
  },

  'designer.validate': async (body, ctx) => ({ problems: await problemsOf(ctx, body.kind, body.key, body.body) }),

  'designer.saveDraft': async (body, ctx) => {
    if (body.kind === 'pages' && !body.key.startsWith('/')) throw badRequest('页面的键是路由路径，应以 / 开头');
    const latest = await latestVersion(ctx.db, body.kind, body.key);
    const current = latest?.version ?? null;
    if (current !== body.baseVersion) {
      const who = latest ? `${latest.authorName ?? '他人'}于 ${new Date(latest.created_at).toLocaleString('zh-CN', { hour12: false })}` : '';
      throw conflict(
        current === null
          ? `第 ${String(body.baseVersion)} 版不存在，请从内置版本开始编辑`
          : `已有更新的版本：第 ${current} 版（${who}保存）。请先查看差异，在最新版本上修改后再保存`,
      );
    }
    const version = (current ?? 0) + 1;
    await insertVersion(ctx, body.kind, body.key, version, body.body, 'draft', body.comment ?? null);
    return { version, problems: await problemsOf(ctx, body.kind, body.key, body.body) };
  },

  'designer.publish': async (body, ctx) => {
    const row = await versionsOf(ctx.db, body.kind, body.key).where('v.version', '=', body.version).executeTakeFirst();
    if (!row) throw notFound(`${body.key} 没有第 ${body.version} 版`);
    refuseProblems(await problemsOf(ctx, body.kind, body.key, row.body as JsonSchema));
    await makeEffective(ctx, body.kind, body.key, body.version);
    await logOperation(ctx, 'designer.publish', { kind: body.kind, key: body.key, version: body.version });
    return { publishedVersion: body.version };
  },

  'designer.rollback': async (body, ctx) => {
    if (body.version === 0) {
      if (!ctx.schemas.builtInFile(body.kind, body.key)) throw badRequest(`${body.key} 没有内置版本，不能回到内置版本`);
      await makeEffective(ctx, body.kind, body.key, null);
      await logOperation(ctx, 'designer.rollback', { kind: body.kind, key: body.key, version: 0 });
      return { publishedVersion: null };
    }
    const source = await versionsOf(ctx.db, body.kind, body.key).where('v.version', '=', body.version).executeTakeFirst();
    if (!source) throw notFound(`${body.key} 没有第 ${body.version} 版`);
    // The meta-schemas may have moved on since: an old version is checked like a new one.
    refuseProblems(await problemsOf(ctx, body.kind, body.key, source.body as JsonSchema));
    const version = ((await latestVersion(ctx.db, body.kind, body.key))?.version ?? 0) + 1;
    await makeEffective(ctx, body.kind, body.key, null);
    await insertVersion(ctx, body.kind, body.key, version, source.body as JsonSchema, 'published', `回滚到第 ${body.version} 版`);
    await logOperation(ctx, 'designer.rollback', { kind: body.kind, key: body.key, version, from: body.version });
    return { publishedVersion: version };
  },
};
