import type { HandlersOf } from '../http/context.js';
import { withOrganisation } from '../db/tenantScope.js';
import { notFound } from '../http/apiError.js';
import type { FormDefinition } from '../../generated/types.js';

export const schemaHandlers: HandlersOf<'schema'> = {
  'schema.listPages': async (_body, ctx) => {
    const session = ctx.session;
    const pages = session ? await withOrganisation(ctx.system, session.orgId, (db) => ctx.pages.pagesFor(db)) : ctx.pages.builtInPages();
    return { pages };
  },

  // The organisation's published version (the designer's store), else the built-in one.
  'schema.getForm': async (body, ctx) => {
    const published = await ctx.db
      .selectFrom('schema_versions')
      .select('body')
      .where('kind', '=', 'forms')
      .where('key', '=', body.name)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (published) return { form: published.body as FormDefinition };
    const builtIn = ctx.schemas.builtInFile('forms', body.name);
    if (!builtIn) throw notFound(`没有名为 ${body.name} 的表单`);
    return { form: builtIn.body as unknown as FormDefinition };
  },
};
