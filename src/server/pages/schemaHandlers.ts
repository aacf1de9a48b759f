import type { HandlersOf } from '../http/context.js';
import { withOrganisation } from '../db/tenantScope.js';

export const schemaHandlers: HandlersOf<'schema'> = {
  'schema.listPages': async (_body, ctx) => {
    const session = ctx.session;
    const pages = session ? await withOrganisation(ctx.system, session.orgId, (db) => ctx.pages.pagesFor(db)) : ctx.pages.builtInPages();
    return { pages };
  },
};
