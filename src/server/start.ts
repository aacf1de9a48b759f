import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './app.js';
import { configFromEnv, type ServerConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { prepareDatabase } from './prepareDatabase.js';
import { excelLibrary } from './excelLibrary.js';
import { warmPdfReader } from './officials/letterText.js';
import { projectRoot } from '../schemaSource/schemaFiles.js';

/** Newest modification time of anything the web bundle is built from. */
function newestSourceTime(dirs: string[]): number {
  let newest = 0;
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  dirs.forEach(visit);
  return newest;
}

async function buildWebIfNeeded(webDir: string): Promise<void> {
  const index = join(webDir, 'index.html');
  const sources = ['web', 'runtime', 'widgets', 'designer', 'shared', 'generated'].map((d) => join(projectRoot, 'src', d));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSourceTime(sources)) return;
  console.log('正在构建前端…');
  // In a process of its own: the build's memory (over a gigabyte) goes with it instead of staying in the server's.
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'build', '--config', join(projectRoot, 'vite.config.ts'), '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`前端构建失败（退出码 ${String(code)}）`);
}

/** An embedded database on disk that has never been written: the first start fills it. */
function isNewEmbeddedDatabase(config: ServerConfig): boolean {
  return !config.databaseUrl && !config.dataDir.startsWith('memory://') && !existsSync(join(config.dataDir, 'PG_VERSION'));
}

/**
 * Fills a new embedded database in a process of its own (migrations, classification, demo data):
 * the embedded database's WebAssembly memory grows with that much writing and never gives it back,
 * so done in the server's own process it would stay there for as long as the server runs.
 */
async function prepareInOwnProcess(): Promise<void> {
  console.log('正在准备数据库（首次启动）…');
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_ONLY], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`数据库准备失败（退出码 ${String(code)}）`);
}

const PREPARE_ONLY = '--prepare-database';
const config = configFromEnv();
if (process.argv.includes(PREPARE_ONLY)) {
  const database = await connectDatabase(config);
  try {
    await prepareDatabase(database.db, config);
  } finally {
    await database.close();
  }
  process.exit(0);
}
if (process.env.SKIP_WEB_BUILD !== '1') await buildWebIfNeeded(config.webDir);
if (isNewEmbeddedDatabase(config)) await prepareInOwnProcess();
const server = await buildServer(config);
await server.app.listen({ host: config.host, port: config.port });
console.log(`服务已启动：http://localhost:${config.port}（数据库：${server.database.kind === 'pglite' ? `PGlite ${config.dataDir}` : 'PostgreSQL'}）`);
// Validators and serialisers no request has needed yet are compiled while the server already answers;
// a schema the compiler refuses stops the server, as it would have stopped the start. Then exceljs is
// loaded: it loads in one piece, holding every request for 0.1–0.3 s, better now than amid the first
// import or export (the start itself stays without it). pdf.js, which reads uploaded letters, likewise.
server.compileRemainingSchemas().then(
  () =>
    excelLibrary()
      .catch((error: unknown) => server.app.log.warn({ err: error }, 'exceljs 载入失败'))
      .then(() => warmPdfReader())
      .catch((error: unknown) => server.app.log.warn({ err: error }, 'pdf.js 载入失败')),
  (error: unknown) => {
    server.app.log.fatal({ err: error }, '接口描述无法编译');
    process.exit(1);
  },
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  });
}
