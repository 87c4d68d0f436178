import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { secretLogging } from './logging';

/**
 * JSON lines for machines (a log collector, a pipe, a file); short coloured lines for a person at a terminal.
 * `LOG_FORMAT` overrides the guess; a given `stream` (tests read the lines) takes JSON lines.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  isTTY = Boolean(process.stdout.isTTY),
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (stream) return { level: config.logLevel, ...secretLogging, stream };
  const prettyOutput = config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTTY);
  if (!prettyOutput) return { level: config.logLevel, ...secretLogging };
  return {
    level: config.logLevel,
    ...secretLogging,
    // In the main thread (not a transport worker): a person's console needs no throughput, and start stays quick.
    // Written at once (sync): a person reads it live, and nothing is lost in a buffer when the process exits.
    stream: pretty({ colorize: isTTY, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true, sync: true }),
  };
}
