// The checks that come before the API and browser tests, in two lanes at once: each is mostly one
// thread, so a two-core machine runs the two lanes in about half the time of one after the other.
// Each check's output is printed whole when it ends; the first failure fails the run.
import { spawn } from 'node:child_process';

const LANES = [
  ['typecheck', 'check:format', 'check:generated'],
  ['check:schemas', 'check:walls', 'lint', 'test:unit'],
];

/** @param {string} script @returns {Promise<boolean>} */
function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${script} (${seconds} s)${code === 0 ? '' : ` failed with code ${code}`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** @param {string[]} scripts */
async function runLane(scripts) {
  for (const script of scripts) if (!(await run(script))) return false;
  return true;
}

const results = await Promise.all(LANES.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
