import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import addFormats from 'ajv-formats';
import type { Plugin as AjvPlugin } from 'ajv';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { AJV_OPTIONS, ANNOTATION_KEYWORDS } from '../shared/schemaKeywords.js';
import { sharedSchemas } from '../generated/routes.js';
import type { ServerConfig } from './config.js';
import { connectDatabase, type DatabaseHandle } from './db/connect.js';
import { prepareDatabase } from './prepareDatabase.js';
import { restoreDemoEvidenceFiles } from './seed/useEvidence.js';
import { installErrorHandling, notFoundBody } from './http/errorHandling.js';
import { registerOperations } from './http/registerOperations.js';
import { installOperationHooks } from './http/operationHooks.js';
import { decorateOperationRequests } from './http/operationRequest.js';
import { DeferredSchemaCompilers } from './http/deferredSchemaCompilers.js';
import { registerApiDocs } from './http/apiDocs.js';
import { registerPdfWorker } from './http/pdfWorker.js';
import { installServerTiming } from './http/serverTiming.js';
import { installUnreadBodyClose } from './http/unreadBody.js';
import type { Handlers, ServerServices } from './http/context.js';
import { PageCatalog } from './pages/pageCatalog.js';
import { SchemaLibrary } from './schemas/schemaLibrary.js';
import { permissionLabels } from './pages/permissions.js';
import { authHandlers } from './auth/authHandlers.js';
import { CredentialCipher, loadCredentialKey } from './auth/credentialCipher.js';
import { schemaHandlers } from './pages/schemaHandlers.js';
import { systemHandlers } from './http/systemHandlers.js';
import { enterpriseHandlers } from './enterprises/enterpriseHandlers.js';
import { softCertificateHandlers } from './enterprises/softCertificateHandlers.js';
import { monitorHandlers } from './trademarks/monitorHandlers.js';
import { operationLogHandlers } from './accounts/operationLogHandlers.js';
import { classificationHandlers } from './classification/classificationHandlers.js';
import { homeHandlers } from './workbench/homeHandlers.js';
import { siteHandlers } from './site/siteHandlers.js';
import { accountHandlers } from './accounts/accountHandlers.js';
import { memoHandlers } from './workbench/memoHandlers.js';
import { displayHandlers } from './accounts/displayHandlers.js';
import { userHandlers } from './accounts/userHandlers.js';
import { fileHandlers, filePreparers } from './files/fileHandlers.js';
import { countryHandlers } from './countries/countryHandlers.js';
import { personHandlers } from './accounts/personHandlers.js';
import { departmentHandlers } from './departments/departmentHandlers.js';
import { messageSettingsHandlers } from './messages/messageSettingsHandlers.js';
import { trialHandlers } from './trial/trialHandlers.js';
import { feeHandlers } from './fees/feeHandlers.js';
import { officialTypeHandlers } from './officials/officialTypeHandlers.js';
import { workCalendarHandlers } from './officials/workCalendarHandlers.js';
import { roleHandlers } from './accounts/roleHandlers.js';
import { designerHandlers } from './schemas/designerHandlers.js';
import { brandArchivesHandlers } from './trademarks/brandArchivesHandlers.js';
import { customFieldHandlers } from './customFields/customFieldHandlers.js';
import { startReminderJob } from './customFields/reminders.js';
import { startDeadlineReminderJob } from './officials/deadlineReminders.js';
import { startCaseStageReminderJob } from './cases/caseStageReminders.js';
import { registerCalendarFeed } from './officials/calendarFeed.js';
import { calendarFeedHandlers } from './officials/calendarFeedHandlers.js';
import { deliverDueMessages } from './notify/outbox.js';
import { sealPlainChannelSecrets } from './notify/channelSecrets.js';
import { startPeriodicJob } from './periodicJob.js';
import { keepsOwnStatistics, runStatisticsUpkeep } from './db/statisticsUpkeep.js';
import { QuietWindow } from './db/quietUpkeep.js';
import { brandMergeHandlers } from './trademarks/brandMergeHandlers.js';
import { BatchTaskWorker } from './batch/batchTaskWorker.js';
import { brandLabelsHandlers } from './trademarks/brandLabelsHandlers.js';
import { tmSearchHandlers, tmSearchPreparers } from './trademarks/tmSearchHandlers.js';
import { brandImportHandlers } from './trademarks/brandImportHandlers.js';
import { brandExportHandlers } from './trademarks/brandExportHandlers.js';
import { brandOfficialsHandlers } from './trademarks/brandOfficialsHandlers.js';
import { officialRecognitionHandlers, officialRecognitionPreparers } from './officials/officialRecognitionHandlers.js';
import { officialsHandlers } from './officials/officialsHandlers.js';
import { caseManageHandlers } from './cases/caseManageHandlers.js';
import { demandHandlers } from './demand/demandHandlers.js';
import { financeHandlers } from './finance/financeHandlers.js';
import { reportsHandlers } from './reports/reportsHandlers.js';
import { licenseMatterHandlers } from './licences/licenseMatterHandlers.js';
import { startLicenceReminderJob } from './licences/licenceReminders.js';
import { gazetteHandlers } from './gazette/gazetteHandlers.js';
import { GAZETTE_INTERVAL_MS, startGazetteJob } from './gazette/gazetteJob.js';
import { evidenceHandlers } from './evidence/evidenceHandlers.js';
import { disputeHandlers } from './disputes/disputeHandlers.js';
import { forwardHandlers } from './messages/forwardHandlers.js';
import { startApprovalReminderJob } from './demand/demandReminders.js';
import { backgroundJobs } from './jobs/backgroundJobs.js';
import { FileStore } from './files/fileStore.js';
import { DiskObjectStore, type ObjectStore } from './files/objectStore.js';
import { S3ObjectStore } from './files/s3ObjectStore.js';
import { ChunkArea } from './files/chunkArea.js';
import { cleanAbandonedUploads } from './files/abandonedUploads.js';
import fastifyMultipart from '@fastify/multipart';
import { logSmsGateway, webhookSmsGateway, type SmsGateway } from './notify/smsGateway.js';

const handlers: Handlers = {
  ...authHandlers,
  ...schemaHandlers,
  ...systemHandlers,
  ...enterpriseHandlers,
  ...softCertificateHandlers,
  ...monitorHandlers,
  ...operationLogHandlers,
  ...classificationHandlers,
  ...homeHandlers,
  ...siteHandlers,
  ...accountHandlers,
  ...memoHandlers,
  ...displayHandlers,
  ...userHandlers,
  ...departmentHandlers,
  ...messageSettingsHandlers,
  ...trialHandlers,
  ...feeHandlers,
  ...officialTypeHandlers,
  ...workCalendarHandlers,
  ...roleHandlers,
  ...fileHandlers,
  ...countryHandlers,
  ...personHandlers,
  ...designerHandlers,
  ...brandArchivesHandlers,
  ...customFieldHandlers,
  ...brandMergeHandlers,
  ...brandLabelsHandlers,
  ...caseManageHandlers,
  ...demandHandlers,
  ...financeHandlers,
  ...reportsHandlers,
  ...gazetteHandlers,
  ...licenseMatterHandlers,
  ...evidenceHandlers,
  ...disputeHandlers,
  ...forwardHandlers,
  ...calendarFeedHandlers,
  ...tmSearchHandlers,
  ...brandImportHandlers,
  ...brandExportHandlers,
  ...brandOfficialsHandlers,
  ...officialRecognitionHandlers,
  ...officialsHandlers,
};

export interface BuiltServer {
  app: FastifyInstance;
  services: ServerServices;
  database: DatabaseHandle;
  /** Compiles the routes' validators and serialisers no request has needed yet (see DeferredSchemaCompilers). */
  compileRemainingSchemas(): Promise<void>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** The SMS gateway; by default SMS_WEBHOOK_URL, or the server log when none is configured. */
  sms?: SmsGateway;
  /** How often due custom-field and letter-deadline reminders are sent (default a minute; 0 never, for tests that run it themselves). */
  reminderIntervalMs?: number;
  /** How often the gazette watch matches new publications (default hourly; 0 never). */
  gazetteIntervalMs?: number;
  /** The reminder jobs' and the outbox's clock. */
  clock?: () => Date;
  /** Handlers in place of the built-in ones, by operation id: a test wraps one to see the context it is called in. */
  handlers?: Partial<Handlers>;
  /** An in-memory PGlite database starts from this data directory (a `dumpDataDir` tarball): tests start from one migrated and seeded once. */
  pgliteDataDirArchive?: Blob;
}

/** The whole server, used alike by `npm start` and by the tests. */
export async function buildServer(config: ServerConfig, options: ServerOptions = {}): Promise<BuiltServer> {
  const database = await connectDatabase({ ...config, pgliteDataDirArchive: options.pgliteDataDirArchive });
  const classificationReady = await prepareDatabase(database.db, config);

  const schemaCompilers = new DeferredSchemaCompilers();
  const app = Fastify({
    schemaController: { compilersFactory: schemaCompilers.compilersFactory },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: {
      customOptions: {
        ...AJV_OPTIONS,
        keywords: [...ANNOTATION_KEYWORDS],
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: true,
        verbose: true,
      },
      plugins: [addFormats as unknown as AjvPlugin<unknown>],
    },
  });
  const schemas = SchemaLibrary.load(config.schemasDir);
  const objects: ObjectStore = config.objectStorage ? await S3ObjectStore.open(config.objectStorage, app.log) : new DiskObjectStore(config.filesDir);
  const services: ServerServices = {
    config,
    system: database.db,
    dbKind: database.kind,
    schemas,
    pages: PageCatalog.fromLibrary(schemas),
    sms: options.sms ?? (config.smsWebhookUrl ? webhookSmsGateway(config.smsWebhookUrl) : logSmsGateway(app.log)),
    files: new FileStore(objects, config.filesDir),
    chunks: new ChunkArea(config.filesDir),
    credentials: new CredentialCipher(loadCredentialKey(config)),
    batchWorker: new BatchTaskWorker(database.db, {
      pollMs: config.batchTaskPollMs,
      staleMs: config.batchTaskStaleMs,
      onError: (error) => app.log.error({ err: error }, '批量任务处理出错'),
    }),
  };
  await cleanAbandonedUploads(database.db, services.chunks, services.files);
  // The demo's evidence files are written beside its rows; a file store that is down must not stop the start.
  if (config.seedDemo) {
    await restoreDemoEvidenceFiles(database.db, services.files).catch((err: unknown) => app.log.warn({ err }, '演示使用证据的文件未能写入文件存储'));
  }
  await sealPlainChannelSecrets(database.db, services.credentials);
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  installErrorHandling(app);
  decorateOperationRequests(app);
  // Before the Server-Timing hook: a write's time includes its COMMIT.
  installOperationHooks(app, services, permissionLabels());
  installServerTiming(app);
  installUnreadBodyClose(app);
  registerApiDocs(app);
  registerPdfWorker(app);
  registerCalendarFeed(app, database.db, options.clock ?? (() => new Date()));
  registerOperations(app, services, { ...handlers, ...options.handlers } as Handlers, {
    ...filePreparers,
    ...tmSearchPreparers,
    ...officialRecognitionPreparers,
  });

  const indexHtml = join(config.webDir, 'index.html');
  const webBuilt = existsSync(indexHtml);
  if (webBuilt) {
    const assetsDir = join(config.webDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy beside each text file; a browser gets the smallest it accepts.
      preCompressed: true,
      // Built assets carry a hash of their content in their names: a changed file is a new name, so a
      // browser may keep them for good. The page and the files beside it are asked for again each time.
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    // Every unknown page path is the single-page app's business: it shows its own 404 page.
    if (wantsPage && webBuilt) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });

  const stopReminders = startReminderJob(database.db, options.reminderIntervalMs ?? 60_000, options.clock ?? (() => new Date()), (err) =>
    app.log.error({ err }, '发送自定义字段期限提醒失败'),
  );
  const stopDeadlineReminders = startDeadlineReminderJob(database.db, options.reminderIntervalMs ?? 60_000, options.clock ?? (() => new Date()), (err) =>
    app.log.error({ err }, '发送官文期限提醒失败'),
  );
  const stopCaseStageReminders = startCaseStageReminderJob(
    database.db,
    schemas,
    options.reminderIntervalMs ?? 60_000,
    options.clock ?? (() => new Date()),
    (err) => app.log.error({ err }, '发送案件阶段期限提醒失败'),
  );

  const stopApprovalReminders = startApprovalReminderJob(database.db, options.reminderIntervalMs ?? 60_000, options.clock ?? (() => new Date()), (err) =>
    app.log.error({ err }, '发送提案审批催办失败'),
  );
  const stopLicenceReminders = startLicenceReminderJob(database.db, options.reminderIntervalMs ?? 60_000, options.clock ?? (() => new Date()), (err) =>
    app.log.error({ err }, '发送许可到期提醒失败'),
  );

  const stopGazette = startGazetteJob(database.db, options.gazetteIntervalMs ?? GAZETTE_INTERVAL_MS, options.clock ?? (() => new Date()), (err) =>
    app.log.error({ err }, '公告监测比对失败'),
  );

  const stopOutbox = startPeriodicJob(
    () => deliverDueMessages(database.db, services.credentials, (options.clock ?? (() => new Date()))()),
    config.outboxIntervalMs,
    (err) => app.log.error({ err }, '发送邮件与群机器人消息失败'),
  );

  // PGlite, or a PostgreSQL with autovacuum off, leaves the planner's statistics to the server. A VACUUM
  // there holds every request, so it waits for a quiet moment (at most ten ticks).
  const upkeepWindow = new QuietWindow(5000, 10);
  app.addHook('onRequest', (_request, _reply, done) => {
    upkeepWindow.sawRequest(Date.now());
    done();
  });
  const stopStatisticsUpkeep =
    config.statisticsUpkeepMs > 0 && !(await keepsOwnStatistics(database.db, database.kind))
      ? startPeriodicJob(
          async () => {
            if (!upkeepWindow.shouldRun(Date.now())) return;
            const done = await runStatisticsUpkeep(database.db);
            if (done.length > 0) app.log.info({ tables: done }, '已更新数据表的统计信息');
          },
          config.statisticsUpkeepMs,
          (err) => app.log.error({ err }, '更新数据表的统计信息失败'),
        )
      : async () => {};

  if (config.batchTaskPollMs > 0) await services.batchWorker.start();
  if (!classificationReady)
    app.log.warn('商品和服务分类表尚未导入：缺少随产品提供的 assets/classification，可设置 CLASSIFICATION_FILE 或执行 npm run import:classification');

  return {
    app,
    services,
    database,
    compileRemainingSchemas: () => schemaCompilers.compileRemaining(),
    async close() {
      await stopReminders();
      await stopDeadlineReminders();
      await stopCaseStageReminders();
      await stopApprovalReminders();
      await stopLicenceReminders();
      await stopGazette();
      await stopOutbox();
      await stopStatisticsUpkeep();
      await services.batchWorker.stop();
      await app.close();
      // Imports and exports still running finish their writes before the database goes.
      await backgroundJobs(database.db).settle();
      await database.close();
      objects.close?.();
    },
  };
}
