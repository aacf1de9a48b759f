import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer } from './app.js';
import { configFromEnv } from './config.js';
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
  const { build } = await import('vite');
  await build({ configFile: join(projectRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
}

const config = configFromEnv();
if (process.env.SKIP_WEB_BUILD !== '1') await buildWebIfNeeded(config.webDir);
const server = await buildServer(config);
await server.app.listen({ host: config.host, port: config.port });
console.log(`服务已启动：http://localhost:${config.port}（数据库：${server.database.kind === 'pglite' ? `PGlite ${config.dataDir}` : 'PostgreSQL'}）`);
// Validators and serialisers no request has needed yet are compiled while the server already answers;
// a schema the compiler refuses stops the server, as it would have stopped the start.
server.compileRemainingSchemas().catch((error: unknown) => {
  server.app.log.fatal({ err: error }, '接口描述无法编译');
  process.exit(1);
});

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
