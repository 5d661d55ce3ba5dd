import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup: starts ONE throw-away PostgreSQL server for the whole `vitest run`
 * (test files each create their own database in it, see ./postgres.ts) and a scratch folder
 * for SQLite files; the teardown stops the server and removes both folders.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test server's `postgres` database, as the `postgres` superuser. */
    postgresUrl: string;
    /** A folder removed after the run, for test files such as SQLite databases. */
    scratchDir: string;
  }
}

const run = promisify(execFile);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratchDir = mkdtempSync(join(tmpdir(), 'apidex-test-'));
  let server: PostgresServer;
  try {
    server = await startPostgresServer();
  } catch (error) {
    rmSync(scratchDir, { recursive: true, force: true });
    throw error;
  }

  // On Ctrl-C or SIGTERM vitest calls process.exit() without running teardowns; the server runs
  // in its own session, so it would outlive the run. Prepended: vitest's own 'exit' listener calls
  // process.exit() again, which ends the process before any later listener runs.
  const stopOnExit = () => {
    try {
      server.stopNow();
    } catch {
      // Best effort: the process is exiting anyway.
    } finally {
      rmSync(scratchDir, { recursive: true, force: true });
    }
  };
  process.prependListener('exit', stopOnExit);

  const teardown = async () => {
    process.off('exit', stopOnExit);
    try {
      await server.stop();
    } finally {
      rmSync(scratchDir, { recursive: true, force: true });
    }
  };
  try {
    project.provide('postgresUrl', server.url);
    project.provide('scratchDir', scratchDir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

export interface PostgresServer {
  url: string;
  /** Stops the server and keeps its data, as an outage would. */
  halt(): Promise<void>;
  /** Stops it as a crash would (`pg_ctl -m immediate`: no checkpoint, connections cut); resume() recovers it. */
  crash(): Promise<void>;
  /** Starts it again on the same port after halt(). */
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Synchronous, for process 'exit' listeners: stops without a checkpoint and removes the folder. */
  stopNow(): void;
}

/** A throw-away PostgreSQL server of its own (the run's shared one is provided as postgresUrl). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const binDir = findPostgresBinDir();
  const runsAsRoot = process.getuid?.() === 0;
  const rootDir = mkdtempSync(join(tmpdir(), 'apidex-postgres-'));
  const dataDir = join(rootDir, 'data');
  const logFile = join(rootDir, 'server.log');

  // PostgreSQL refuses to run as root: run it as the `postgres` OS user, owner of the folder.
  const asServerUser = (program: string, args: string[]) => commandAsServerUser(runsAsRoot, join(binDir, program), args);
  const runAsServerUser = (program: string, args: string[]) => runCommand(asServerUser(program, args), rootDir);
  const pgCtl = (args: string[]) => runAsServerUser('pg_ctl', ['-D', dataDir, ...args]);

  let started = false;
  try {
    if (runsAsRoot) {
      const { uid, gid } = osUser('postgres');
      chownSync(rootDir, uid, gid);
    }
    // --no-sync: the cluster lives only for this run. UTF8 and the C locale: the same on every machine.
    await runAsServerUser('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);

    const port = await findFreePort();
    started = true; // from here a postmaster may be running, even if `pg_ctl start` reports failure
    await pgCtl(['-l', logFile, '-w', '-t', '60', '-o', `-h 127.0.0.1 -p ${port} -k ${rootDir}`, 'start']).catch((error: unknown) => {
      throw new Error(`PostgreSQL did not start; its log says:\n${readLog(logFile)}`, { cause: error });
    });

    const start = () =>
      pgCtl(['-l', logFile, '-w', '-t', '60', '-o', `-h 127.0.0.1 -p ${port} -k ${rootDir}`, 'start']).catch((error: unknown) => {
        throw new Error(`PostgreSQL did not start; its log says:\n${readLog(logFile)}`, { cause: error });
      });
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      halt: () => pgCtl(['-m', 'fast', '-w', 'stop']),
      crash: () => pgCtl(['-m', 'immediate', '-w', 'stop']),
      resume: start,
      async stop() {
        try {
          await pgCtl(['-m', 'fast', '-w', 'stop']).catch(() => {}); // already halted is fine
        } finally {
          rmSync(rootDir, { recursive: true, force: true });
        }
      },
      stopNow() {
        const [command, args] = asServerUser('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        try {
          execFileSync(command, args, { cwd: rootDir, stdio: 'ignore' });
        } finally {
          rmSync(rootDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    if (started) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(rootDir, { recursive: true, force: true });
    throw error;
  }
}

function findPostgresBinDir(): string {
  const isExecutable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const hasServerTools = (dir: string) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'));

  const pathDirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  const debianDirs = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  const found = [...pathDirs, ...debianDirs].find(hasServerTools);
  if (found === undefined) {
    throw new Error(
      'The tests need a PostgreSQL server, but initdb and pg_ctl were found neither on PATH nor under /usr/lib/postgresql/*/bin. ' +
        'Install them with: apt-get install postgresql',
    );
  }
  return found;
}

function commandAsServerUser(runsAsRoot: boolean, program: string, args: string[]): [string, string[]] {
  return runsAsRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

async function runCommand([command, args]: [string, string[]], cwd: string): Promise<void> {
  try {
    await run(command, args, { cwd });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${[command, ...args].join(' ')} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

function osUser(name: string): { uid: number; gid: number } {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === name);
  if (entry === undefined) {
    throw new Error(`Running as root, the tests start PostgreSQL as the "${name}" OS user, which does not exist; apt-get install postgresql creates it.`);
  }
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function readLog(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8').trim() || '(empty)';
  } catch {
    return '(no log written)';
  }
}
