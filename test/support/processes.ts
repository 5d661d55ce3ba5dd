import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A loopback port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface StartedProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Waits until no process of the group is left; past the deadline, calls `kill` and waits again. */
async function groupGone(groupId: number, timeoutMs: number, kill: () => void): Promise<void> {
  const alive = () => {
    try {
      process.kill(-groupId, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (alive()) {
    if (Date.now() > deadline) {
      kill();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a command that serves HTTP on PORT and waits until /healthz answers. */
export async function startServing(command: string, args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<StartedProcess> {
  const port = await freePort();
  // A process group of its own: `npm start` runs node under a shell, and a signal to npm alone
  // left that node serving after the test had ended.
  const child = spawn(command, args, { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group has already gone.
    }
  };
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before serving:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`${command} did not serve /healthz within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    stop: async () => {
      signalGroup('SIGTERM');
      const code = await exited;
      await groupGone(child.pid!, 10_000, () => signalGroup('SIGKILL'));
      return code;
    },
  };
}
