/**
 * Structured logs (issue 18 §2): one pino logger per process, JSON lines on stderr (stdout stays the
 * commands' results), made readable by pino-pretty when stderr is a terminal. The level and the format
 * come from CASINO_AUDIT_LOG_LEVEL and CASINO_AUDIT_LOG_FORMAT (config.ts).
 *
 * The command line makes its logger with `createLogger()` and installs it for the process
 * (`installProcessLogger`); a program that embeds the runtime without doing so (tests, benchmarks)
 * gets `quietLogger()`: warnings and errors only unless CASINO_AUDIT_LOG_LEVEL says otherwise.
 */
import type { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
import { config, LOG_LEVELS } from './config';

export type { Logger } from 'pino';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  readonly level?: LogLevel;
  readonly format?: 'json' | 'pretty';
  /** where the lines go (default: stderr, written synchronously so nothing is lost at exit) */
  readonly destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings = config();
  const level = options.level ?? settings.CASINO_AUDIT_LOG_LEVEL ?? 'info';
  const format = options.format ?? settings.CASINO_AUDIT_LOG_FORMAT ?? (process.stderr.isTTY ? 'pretty' : 'json');
  const common = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: pino.stdSerializers.err } };
  if (format === 'pretty') {
    const colorize = !options.destination && !!process.stderr.isTTY;
    return pino(common, pretty({ destination: options.destination ?? 2, sync: true, colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' }));
  }
  // JSON: the level as its name ("level":"warn"), which log collectors read without a table
  return pino({ ...common, formatters: { level: (label) => ({ level: label }) } }, options.destination ?? pino.destination({ dest: 2, sync: true }));
}

/** For library callers that were given no logger: warnings and errors, unless a level is configured. */
export function quietLogger(): Logger {
  return createLogger({ level: config().CASINO_AUDIT_LOG_LEVEL ?? 'warn' });
}

let installed: Logger | undefined;

/** The command line's logger, used by every runtime it starts. */
export function installProcessLogger(logger: Logger): Logger {
  return (installed = logger);
}

/** The logger installed for the process, or a quiet one. */
export const processLogger = (): Logger => installed ?? quietLogger();

/** A logger as the `(line) => void` callbacks of the libraries (database start-up, the mirror) want it. */
export const logLines =
  (logger: Logger, level: 'info' | 'warn' | 'error' = 'info') =>
  (line: string) =>
    logger[level](line);

/**
 * Nest's own messages through the same logger. Nest's `log` level is its start-up chatter (every route
 * mapped, every module initialised): kept at debug.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  /** Nest passes (message, [stack,] context): the context names the part of Nest that speaks. */
  private write(level: 'fatal' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else if (typeof message === 'string') this.logger[level]({ context, ...(stack ? { stack } : {}) }, message);
    else this.logger[level]({ context, detail: message }, 'nest');
  }
}
