import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.js';
import type { Database } from './db/tables.js';
import { migrateToLatest } from './db/migrate.js';
import { seedSiteContent } from './seed/siteContent.js';
import { seedDemoData } from './seed/demo.js';
import { seedDemoTrademarks } from './seed/trademarks.js';
import { seedDemoTags } from './seed/brandLabels.js';
import { seedDemoOfficialDocuments } from './seed/officialDocuments.js';
import { seedDemoFeePrices } from './seed/feePrices.js';
import { seedDemoCases } from './seed/cases.js';
import { seedCaseArchiveDemo } from './seed/caseArchiveDemo.js';
import { seedDemoDemands } from './seed/demands.js';
import { seedDemoFinance } from './seed/finance.js';
import { seedDemoDisputes } from './seed/disputes.js';
import { seedDemoProposalType } from './seed/proposalTypeDemo.js';
import { seedDemoLicences } from './seed/licences.js';
import { seedDemoUseEvidence } from './seed/useEvidence.js';
import { seedDemoGazette } from './seed/gazette.js';
import { prepareClassification } from './classification/prepareClassification.js';

/**
 * Brings a database to what the server needs before it answers: the migrations, the site's own
 * content, the goods and services classification and, unless switched off, the demo data. Each
 * step does nothing when already done. Whether the classification is there to use.
 */
export async function prepareDatabase(db: Kysely<Database>, config: ServerConfig): Promise<boolean> {
  await migrateToLatest(db);
  await seedSiteContent(db);
  if (config.seedDemo) {
    await seedDemoData(db);
    await seedDemoFeePrices(db);
  }
  const classificationReady = await prepareClassification(db, config);
  // After the classification, so the demo marks carry real goods items.
  if (config.seedDemo) {
    await seedDemoTrademarks(db);
    await seedDemoTags(db);
    await seedDemoOfficialDocuments(db);
    await seedDemoCases(db, config.schemasDir);
    await seedCaseArchiveDemo(db, config.schemasDir);
    await seedDemoDemands(db, config.schemasDir);
    await seedDemoDisputes(db);
    await seedDemoProposalType(db);
    await seedDemoFinance(db, config.schemasDir);
    await seedDemoLicences(db);
    await seedDemoUseEvidence(db);
    await seedDemoGazette(db);
  }
  return classificationReady;
}
