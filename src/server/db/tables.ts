/**
 * The table types of the database layer are generated from schemas/ (an entity's `x-storage`, or a
 * file under schemas/tables/; see docs/schemas.md); this module keeps the import path short.
 */
import type { BrandImportJobsTable } from '../../generated/tables.js';

export * from '../../generated/tables.js';

export type BrandImportStatus = BrandImportJobsTable['status'];
