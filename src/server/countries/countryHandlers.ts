import type { CountryTreeNode } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest } from '../http/apiError.js';
import { countryCatalog } from './countryCatalog.js';
import { countryTreeProblem, trimCountryTree } from './countryTreeRules.js';

async function organisationTree(ctx: TenantContext): Promise<CountryTreeNode[]> {
  const row = await ctx.db.selectFrom('country_trees').select('tree').where('org_id', '=', ctx.session.orgId).executeTakeFirst();
  return row ? (JSON.parse(row.tree) as CountryTreeNode[]) : countryCatalog().builtInTree();
}

export const countryHandlers: HandlersOf<'country'> = {
  'country.getCountryList': async () => countryCatalog().list(),

  'country.treeList': (_body, ctx) => organisationTree(ctx),

  'country.reSave': async (body, ctx) => {
    const catalog = countryCatalog();
    const problem = countryTreeProblem(body.tree, (code) => catalog.has(code));
    if (problem) throw badRequest(problem);
    const tree = JSON.stringify(trimCountryTree(body.tree));
    await ctx.db
      .insertInto('country_trees')
      .values({ org_id: ctx.session.orgId, tree, updated_by: ctx.session.userId })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ tree, updated_by: ctx.session.userId, updated_at: new Date() }))
      .execute();
    return organisationTree(ctx);
  },

  'country.restoreDefault': async (_body, ctx) => {
    await ctx.db.deleteFrom('country_trees').where('org_id', '=', ctx.session.orgId).execute();
    return organisationTree(ctx);
  },
};
