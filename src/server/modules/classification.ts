import type { HandlersOf } from '../http/context.js';
import { classificationTree } from '../classification/classificationTree.js';

export const classificationHandlers: HandlersOf<'classification'> = {
  'classification.queryAllCgList': (body, ctx) =>
    classificationTree(ctx.system, { parentNum: body.parentNum, maxLevel: body.maxLevel as 0 | 1 | 2 | undefined, keyword: body.keyword }),
};
