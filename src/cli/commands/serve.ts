import type { Command } from 'commander';
import { startServer } from '../../main.ts';
import type { CliIo } from '../io.ts';

export function registerServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('Serve the directory over HTTP (the same as `npm start`).')
    .option('--port <port>', 'port to listen on (PORT)')
    .addHelpText('after', '\nExamples:\n  npx apidex serve\n  DATABASE_URL=file:./data/other.db npx apidex serve --port 8080')
    .action(async (options: { port?: string }) => {
      const config = io.config();
      const server = await startServer(options.port ? { ...config, port: Number(options.port) } : config);
      await new Promise<void>((resolve) => {
        const stop = () => void server.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
