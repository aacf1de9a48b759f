import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
