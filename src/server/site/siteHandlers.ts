import type { HandlersOf } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { toolAddresses, toolSettings, toolTitles, toolUrlProblem } from '../externalTools/toolAddresses.js';

const RELEASE_NOTES_SHOWN = 10;

export const siteHandlers: HandlersOf<'site'> = {
  'site.getExternalTools': async (_body, ctx) => ({
    tools: Object.entries(await toolAddresses(ctx.db, ctx.config.externalTools)).map(([key, url]) => ({ key, url })),
  }),

  'site.listExternalToolSettings': async (body, ctx) => {
    const all = await toolSettings(ctx.db, await ctx.pages.pagesFor(ctx.db), ctx.config.externalTools);
    const { limit, offset } = pageWindow(body, 20);
    return { list: all.slice(offset, offset + limit), count: all.length };
  },

  'site.saveExternalTool': async (body, ctx) => {
    const title = toolTitles(await ctx.pages.pagesFor(ctx.db)).get(body.key);
    if (!title) throw badRequest(`没有名为“${body.key}”的外部工具`);
    const url = body.url.trim();
    if (url) {
      const problem = toolUrlProblem(url, title);
      if (problem) throw badRequest(problem);
      await ctx.db
        .insertInto('external_tool_addresses')
        .values({ org_id: ctx.session.orgId, tool_key: body.key, url, updated_by: ctx.session.userId })
        .onConflict((oc) => oc.columns(['org_id', 'tool_key']).doUpdateSet({ url, updated_by: ctx.session.userId, updated_at: new Date() }))
        .execute();
    } else {
      await ctx.db.deleteFrom('external_tool_addresses').where('tool_key', '=', body.key).execute();
    }
    await logOperation(ctx, 'site.saveExternalTool', { key: body.key, url });
    return null;
  },

  'site.getAgreement': async (_body, ctx) => {
    const doc = await ctx.system.selectFrom('site_documents').selectAll().where('key', '=', 'agreement').executeTakeFirst();
    if (!doc) throw notFound('用户协议尚未发布');
    return { title: doc.title, content: doc.content, version: doc.version, updatedAt: new Date(doc.updated_at).toISOString() };
  },

  'site.getBanner': async (_body, ctx) =>
    ctx.system.selectFrom('banners').select(['id', 'title', 'subtitle', 'link']).where('active', '=', true).orderBy('position').orderBy('id').execute(),

  'site.queryReleaseLog': async (_body, ctx) => {
    const notes = await ctx.db.selectFrom('release_notes').selectAll().orderBy('published_at', 'desc').limit(RELEASE_NOTES_SHOWN).execute();
    const latest = notes[0];
    const read = latest
      ? await ctx.db
          .selectFrom('release_note_reads')
          .select('version')
          .where('user_id', '=', ctx.session.userId)
          .where('version', '=', latest.version)
          .executeTakeFirst()
      : undefined;
    return {
      list: notes.map((n) => ({ version: n.version, title: n.title, content: n.content, publishedAt: new Date(n.published_at).toISOString() })),
      unreadVersion: latest && !read ? latest.version : null,
    };
  },

  'site.setReleaseLogRead': async (body, ctx) => {
    const note = await ctx.db.selectFrom('release_notes').select('version').where('version', '=', body.version).executeTakeFirst();
    if (!note) throw notFound(`没有版本 ${body.version} 的更新日志`);
    await ctx.db
      .insertInto('release_note_reads')
      .values({ org_id: ctx.session.orgId, user_id: ctx.session.userId, version: body.version })
      .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
      .execute();
    return null;
  },
};
