import type { HandlersOf } from '../http/context.js';
import { classificationTree } from './classificationTree.js';
import { classificationChildren, lookupClassification, searchClassification } from './classificationPicker.js';

export const classificationHandlers: HandlersOf<'classification'> = {
  'classification.queryAllCgList': (body, ctx) =>
    classificationTree(ctx.system, { parentNum: body.parentNum, maxLevel: body.maxLevel as 0 | 1 | 2 | undefined, keyword: body.keyword }),
  'classification.children': (body, ctx) => classificationChildren(ctx.system, body),
  'classification.search': (body, ctx) => searchClassification(ctx.system, body),
  'classification.lookup': (body, ctx) => lookupClassification(ctx.system, body),
};
