import { Writable } from 'node:stream';
import { createLogger, NestLogger } from './logger';

/** A destination that keeps what the logger wrote. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join(''), lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('the structured logger', () => {
  it('writes one JSON object a line, the level as its name, the time in ISO 8601, at or above its level', () => {
    const out = capture();
    const logger = createLogger({ format: 'json', level: 'info', destination: out.stream });
    logger.debug('not shown at info');
    logger.info({ readModel: 'table-book', events: 12 }, 'projector batch applied');
    logger.error({ err: new Error('the store of record could not be read') }, 'stopped');
    const [info, error] = out.lines().map((l) => JSON.parse(l));
    expect(out.lines()).toHaveLength(2);
    expect(info).toMatchObject({ level: 'info', msg: 'projector batch applied', readModel: 'table-book', events: 12, pid: process.pid });
    expect(new Date(info.time).toISOString()).toBe(info.time);
    expect(error).toMatchObject({ level: 'error', msg: 'stopped', err: { type: 'Error', message: 'the store of record could not be read' } });
    expect(error.err.stack).toMatch(/^Error: the store of record could not be read/);
  });

  it('prints the same lines for people when asked for pretty: the time, the level, the message, then the fields', () => {
    const out = capture();
    createLogger({ format: 'pretty', level: 'info', destination: out.stream }).info({ readModel: 'jackpots' }, 'ready again');
    expect(out.text()).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: ready again\n\s+readModel: "jackpots"\n$/);
  });

  it("passes Nest's messages through with their context: its start-up chatter at debug, errors with their stack", () => {
    const out = capture();
    const nest = new NestLogger(createLogger({ format: 'json', level: 'debug', destination: out.stream }));
    nest.log('Mapped {/api/v1/events, POST} route', 'RouterExplorer');
    nest.error('boom', 'Error: boom\n    at somewhere', 'ExceptionsHandler');
    nest.warn('careful');
    const [log, error, warn] = out.lines().map((l) => JSON.parse(l));
    expect(log).toMatchObject({ level: 'debug', context: 'RouterExplorer', msg: 'Mapped {/api/v1/events, POST} route' });
    expect(error).toMatchObject({ level: 'error', context: 'ExceptionsHandler', stack: 'Error: boom\n    at somewhere', msg: 'boom' });
    expect(warn).toMatchObject({ level: 'warn', msg: 'careful' });
  });
});
