/**
 * The CLI's read commands as a person runs them (issue 16: each answers within 1 s): `node
 * bin/apidex.js …` in its own process, on the default catalogue in a SQLite file loaded by a
 * first command, then each command locally and with --remote against `npm start` on the same
 * store. Wall time from spawn to exit, median of N; `npm start` is timed from spawn to first
 * /healthz. The reference is `node -e 0` in the same run, the floor no command goes under.
 * Run alone: `npm run bench -- --only cli`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { distIsFresh } from '../../bin/entry.js';
import { startServing } from '../support/processes.ts';

/** Each read command once, with arguments the default catalogue answers. */
export const READ_COMMANDS: string[][] = [
  ['search', 'weather'],
  ['discover', 'send real-time notifications to browser clients'],
  ['show', 'stripe'],
  ['compare', 'stripe,adyen-payment'],
  ['recommend', 'broadcast live updates'],
  ['quickstart', 'stripe'],
  ['package', 'stripe'],
  ['changes', '--since', '2026-11-01T00:00:00Z'],
  ['categories'],
];

const TARGET_MS = 1000;

export interface CliBench {
  /** Where bin/apidex.js loaded the CLI from in this run. */
  loadedFrom: 'dist' | 'src';
  rounds: number;
  firstCommandMs: number;
  npmStartMs: number[];
  referenceMs: number[];
  commands: { command: string; localMs: number[]; remoteMs: number[] }[];
  targets: { name: string; limit: string; actual: string; pass: boolean }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function timed(args: string[], env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}:\n${run.stderr}`);
  return ms;
}

export async function benchCli(rounds = 5): Promise<CliBench> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidex-cli-bench-'));
  const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'apidex.db')}`, APIDEX_CATALOG_DIR: 'catalog', APIDEX_URL: '', LOG_LEVEL: 'warn' };
  const cli = (args: string[]) => timed(['bin/apidex.js', ...args], env);
  try {
    // Migrates the fresh store and loads catalog/ into it, as a fresh clone's first command does.
    const firstCommandMs = cli(['categories']);
    const serverEnv = { DATABASE_URL: env.DATABASE_URL, APIDEX_CATALOG_DIR: 'catalog', APIDEX_RATE_LIMITS: 'off', APIDEX_VALIDATE_RESPONSES: '0' };
    const npmStartMs: number[] = [];
    let server = null;
    for (let round = 0; round < rounds; round += 1) {
      await server?.stop();
      const started = performance.now();
      server = await startServing('npm', ['start', '--silent'], serverEnv, 120_000);
      npmStartMs.push(performance.now() - started);
    }
    const remote = server!.baseUrl;
    try {
      const referenceMs: number[] = [];
      const commands = READ_COMMANDS.map((args) => ({ command: args.join(' '), localMs: [] as number[], remoteMs: [] as number[] }));
      // Interleaved, so that a busy moment of the machine is shared by all of them.
      for (let round = 0; round < rounds; round += 1) {
        referenceMs.push(timed(['-e', '0'], env));
        READ_COMMANDS.forEach((args, i) => {
          commands[i]!.localMs.push(cli(args));
          commands[i]!.remoteMs.push(cli([...args, '--remote', remote]));
        });
      }
      const slowest = (side: 'localMs' | 'remoteMs') => commands.reduce((worst, row) => (median(row[side]) > median(worst[side]) ? row : worst));
      const target = (name: string, ms: number) => ({ name, limit: `≤ ${seconds(TARGET_MS)}`, actual: seconds(ms), pass: ms <= TARGET_MS });
      return {
        loadedFrom: distIsFresh() ? 'dist' : 'src',
        rounds,
        firstCommandMs,
        npmStartMs,
        referenceMs,
        commands,
        targets: [
          target(`slowest local read command (${slowest('localMs').command}), median`, median(slowest('localMs').localMs)),
          target(`slowest --remote read command (${slowest('remoteMs').command}), median`, median(slowest('remoteMs').remoteMs)),
        ],
      };
    } finally {
      await server!.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatCliBench(run: CliBench): string {
  const reference = median(run.referenceMs);
  const cell = (values: number[]) => `${seconds(median(values))} (${(median(values) / reference).toFixed(1)}×)${median(values) > TARGET_MS ? ' over' : ''}`;
  return [
    `Default catalogue, SQLite; \`node bin/apidex.js …\` from spawn to exit, median of ${run.rounds}; the CLI ran from ${run.loadedFrom === 'dist' ? 'dist/ (compiled)' : 'src/ through tsx (dist/ missing or stale: npm run build)'}.`,
    `Reference \`node -e 0\`: ${seconds(reference)}. First command on a fresh store (migrate, load catalog/): ${seconds(run.firstCommandMs)}.`,
    `\`npm start\`, spawn to first /healthz on the loaded store: ${run.npmStartMs.map(seconds).join(', ')}; median ${seconds(median(run.npmStartMs))}.`,
    '',
    '| command | local (× reference) | --remote (× reference) |',
    '|---|---|---|',
    ...run.commands.map((row) => `| ${row.command} | ${cell(row.localMs)} | ${cell(row.remoteMs)} |`),
    '',
    ...run.targets.map((target) => `- ${target.pass ? 'met' : 'MISSED'}: ${target.name} ${target.actual} (target ${target.limit})`),
  ].join('\n');
}
