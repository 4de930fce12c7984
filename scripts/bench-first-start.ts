/**
 * The first start (issue 39 item 4), part of `npm run bench` (BENCH_SKIP_FIRST_START=1 leaves it out; BENCH_ONLY=
 * first-start runs only it): this checkout's last commit cloned into a fresh folder, then `npm install` timed, then
 * `npm start` timed until its banner ("The shop is ready"), the seed's drawn photos and their processing included (a
 * clean clone has no node_modules/.cache). The start runs on free ports and is stopped (Ctrl-C to its own process
 * group) as soon as the banner shows; the folder is removed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Row = (...cells: (string | number)[]) => void;
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
/** The goal for the start (issue 39): on this machine, under 90 seconds; over it, the README says what takes the time. */
export const FIRST_START_GOAL_MS = 90_000;

/** Runs `npm start` in `dir` and answers how long until its banner; the start is then stopped. */
async function timeStart(dir: string, ports: number[]): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(ports[0]), DYNAMODB_PORT: String(ports[1]), COGNITO_PORT: String(ports[2]) },
  });
  try {
    return await new Promise<number>((resolve, reject) => {
      let seen = '';
      const limit = setTimeout(() => reject(new Error(`no banner within 15 minutes:\n${seen.slice(-2000)}`)), 900_000);
      const read = (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-20_000);
        if (seen.includes('The shop is ready')) {
          clearTimeout(limit);
          resolve(Date.now() - started);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(limit);
        reject(new Error(`npm start ended (${code}) before its banner:\n${seen.slice(-2000)}`));
      });
    });
  } finally {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGINT');
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
}

export async function firstStart(
  section: (title: string) => void,
  row: Row,
  root: string,
  freePort: () => Promise<number>,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-first-start-'));
  try {
    execFileSync('git', ['clone', '--quiet', root, dir]);
    const load = os.loadavg()[0];
    const installStarted = Date.now();
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    const install = Date.now() - installStarted;
    const start = await timeStart(dir, [await freePort(), await freePort(), await freePort()]);
    section(
      `The first start on a clean clone of the last commit (load average ${load.toFixed(1)} when it began, ${os.cpus().length} cores; npm's cache as this machine has it)`,
    );
    row('step', 'time', 'goal');
    row('npm install', seconds(install), '');
    row(
      'npm start until its banner (builds the SPA, starts the stand-ins, seeds and processes the 14 demo photos)',
      seconds(start),
      start <= FIRST_START_GOAL_MS ? 'within 90 s' : 'OVER 90 s (README: what takes the time)',
    );
    row('both', seconds(install + start), '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
