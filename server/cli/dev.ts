import { startDevServer } from '../dev-server.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { exitOnSignals } from '../server.ts';

const logger = createLogger();

try {
  const server = await startDevServer(readEnv({ NODE_ENV: 'development', ...process.env }), logger);
  exitOnSignals(server, logger);
} catch (error) {
  logger.error('Forecourt (dev) could not start', error);
  process.exit(1);
}
