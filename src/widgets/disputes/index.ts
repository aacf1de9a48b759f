import { DisputeProcedureCounts } from './DisputeProcedureCounts.js';
import { DisputeDetail } from './DisputeDetail.js';
import type { SchemaComponents } from '../../runtime/schemaFieldContext.js';

/** The blocks of the disputed-marks page (争议商标): counts per procedure and a dispute's detail with its letters and cases. */
export const disputeWidgets = {
  DisputeProcedureCounts,
  DisputeDetail,
} satisfies SchemaComponents;
