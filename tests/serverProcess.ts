import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../src/schemaSource/schemaFiles.js';
import { SERVER_START_ARGS } from './serverStartArgs.js';

/** Starts the server as `npm start` does, in a process of its own listening on `port`, and waits until it answers /api/health. */
export async function startServerProcess(port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): Promise<ChildProcess> {
  const child = spawn(process.execPath, SERVER_START_ARGS, { cwd: projectRoot, env: { ...env, PORT: String(port) }, stdio });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) return child;
    await sleep(100);
  }
  await stopServerProcess(child, 'SIGKILL');
  throw new Error('服务没有启动');
}

/** Stops a server process (SIGTERM lets it finish its work and close its database) and waits until it has exited. */
export async function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
