import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines the child printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a child process whose output is kept (and optionally echoed); stop() ends it and waits. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: boolean } = {},
): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.echo) process.stdout.write(text.replace(/^/gm, `[${name}] `));
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    process: child,
    output: () => lines.join('\n'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once something accepts connections on the port; rejects if the child exits or time runs out. */
export async function waitForPort(port: number, child?: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.process.exitCode !== null) {
      throw new Error(`${child.name} exited (code ${child.process.exitCode}):\n${child.output()}`);
    }
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${child?.name ?? 'service'} did not start on port ${port} within ${timeoutMs / 1000}s.\n${child?.output() ?? ''}`,
  );
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True when nothing listens on the port (on 127.0.0.1). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A free TCP port chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Java 17+ on PATH (DynamoDB Local needs it); returns the major version or null. */
export function javaMajorVersion(): number | null {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}
