/**
 * `--help` and commander's refusals in each language (issue 16): the whole command tree, built as
 * `casino-audit` builds it, parsed in-process (no database: help and refusals come before any action).
 */
import { Command, CommanderError } from 'commander';
import { LANGUAGES, translator, type Language } from '../../../libs/i18n/src';
import { createProgram } from './commands';
import { describedParts } from './help';

/** commander's own English, none of which may be left outside English */
const COMMANDERS_ENGLISH =
  /Usage:|Options:|Commands:|Global Options:|display help|\[options\]|\[command\]|\(default:|choices:|env:|preset:|unknown option|unknown command|missing required|not specified|argument missing|is invalid|Allowed choices|Did you mean/;

const everyCommand = (c: Command): Command[] => [c, ...c.commands.flatMap(everyCommand)];
/** help as one line: commander wraps descriptions at the terminal's width */
const unwrapped = (text: string) => text.replace(/\s+/g, ' ');

/** Parse `args` with `lang`'s program; what commander wrote, and its exit, instead of leaving the process. */
async function run(lang: Language, args: string[]): Promise<{ out: string; err: string; code: string }> {
  const program = createProgram(lang);
  let out = '';
  let err = '';
  program.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) });
  for (const c of everyCommand(program)) {
    c.exitOverride();
    if (!c.commands.length) c.action(() => undefined); // never run a command: only the parse is under test
  }
  try {
    await program.parseAsync(['node', 'casino-audit', ...args]);
    return { out, err, code: 'parsed' };
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return { out, err, code: error.code };
  }
}

describe('the command line’s help', () => {
  it('words every command, option and argument from the catalogue, in every language', () => {
    for (const lang of LANGUAGES) {
      const tr = translator(lang);
      const parts = [...describedParts(createProgram(lang))];
      expect(parts.length).toBeGreaterThan(100);
      for (const { key } of parts) expect([lang, key, tr.has(`cli:${key}`)]).toEqual([lang, key, true]);
    }
  });

  it.each(['es', 'eu', 'ca', 'gl'] as const)('%s: no English of commander is left in any command’s help, and the descriptions are the catalogue’s', (lang) => {
    const tr = translator(lang);
    const program = createProgram(lang);
    for (const cmd of everyCommand(program)) {
      const help = unwrapped(cmd.helpInformation());
      expect([cmd.name(), help]).toEqual([cmd.name(), expect.not.stringMatching(COMMANDERS_ENGLISH)]);
      expect(help).toContain(tr.t('cli:help.usage'));
      expect(help).toContain(tr.t('cli:help.options'));
    }
    const top = unwrapped(program.helpInformation());
    expect(top).toContain(tr.t('cli:about.casino-audit.description'));
    expect(top).toContain(tr.t('cli:about.verify.description'));
    expect(top).toContain(tr.t('cli:help.commands'));
    const book = program.commands
      .find((c) => c.name() === 'report')!
      .commands.find((c) => c.name() === 'table-book')!
      .helpInformation();
    const bookText = unwrapped(book);
    expect(bookText).toContain(tr.t('cli:about.report table-book.options.session'));
    expect(bookText).toContain(tr.t('cli:about.report table-book.description'));
  });

  it('reads in English as commander writes it', () => {
    const help = unwrapped(createProgram('en').helpInformation());
    expect(help).toMatch(/^Usage: casino-audit \[options\] \[command\]/);
    expect(help).toContain('Event-sourced audit and reconciliation for casino table games');
    expect(help).toContain('-h, --help');
    expect(help).toContain('display help for command');
    expect(help).toContain('(choices: "es", "eu", "ca", "gl", "en")');
  });

  it('the figures of the code fill their descriptions (the demo’s most tables, the roles)', () => {
    const program = createProgram('es');
    const demo = program.commands.find((c) => c.name() === 'demo')!;
    expect(demo.options.find((o) => o.long === '--tables')!.description).toMatch(/^mesas, de 2 a 15$/);
    const issue = program.commands.find((c) => c.name() === 'credentials')!.commands.find((c) => c.name() === 'issue')!;
    expect(issue.options.find((o) => o.long === '--role')!.description).toMatch(/terminal, .*admin/);
  });
});

describe('commander’s refusals', () => {
  it('--help prints the help in the chosen language', async () => {
    const r = await run('eu', ['--lang', 'eu', 'verify', '--help']);
    expect(r.code).toBe('commander.helpDisplayed');
    expect(r.out).toMatch(/^Erabilera: casino-audit verify \[aukerak\]/);
    expect(unwrapped(r.out)).toContain(translator('eu').t('cli:about.verify.options.receipt'));
  });

  it('an unknown option, with commander’s suggestion kept', async () => {
    const r = await run('es', ['verify', '--jsn']);
    expect(r.code).toBe('commander.unknownOption');
    expect(r.err).toMatch(/^error: opción desconocida «--jsn»\n\(¿Quería decir --json\?\)\n/);
    expect(r.err).toContain('Uso: casino-audit verify'); // the help after the error, worded too
    expect(r.err).not.toMatch(COMMANDERS_ENGLISH);
  });

  it('an unknown command, a missing argument, a required option, an option without its value', async () => {
    expect((await run('ca', ['verifi'])).err).toMatch(/^error: ordre desconeguda «verifi»\n\(Volíeu dir verify\?\)/);
    expect((await run('gl', ['replay'])).err).toMatch(/^erro: falta o argumento obrigatorio «roundId»/);
    expect((await run('es', ['report', 'table-book'])).err).toMatch(/^error: no se ha indicado la opción obligatoria «--session <id>»/);
    expect((await run('eu', ['report', 'table-book', '--session'])).err).toMatch(/^errorea: «--session <id>» aukeraren balioa falta da/);
  });

  it('a value refused: the choices of --lang, and our own parsers’ reasons', async () => {
    const lang = await run('es', ['--lang', 'fr', 'verify']);
    expect(lang.code).toBe('commander.invalidArgument');
    expect(lang.err).toMatch(/^error: el valor «fr» de la opción «--lang <language>» no es válido\. Valores admitidos: es, eu, ca, gl, en\./);
    const tables = await run('ca', ['simulate', '--tables', 'x', '--rounds', '1', '--seed', '1']);
    expect(tables.err).toMatch(/^error: el valor «x» de l’opció «--tables <n>» no és vàlid\. /);
    expect(tables.err).not.toMatch(COMMANDERS_ENGLISH);
  });

  it('in English, as commander words them', async () => {
    expect((await run('en', ['verify', '--jsn'])).err).toMatch(/^error: unknown option '--jsn'\n\(Did you mean --json\?\)/);
    expect((await run('en', ['replay'])).err).toMatch(/^error: missing required argument 'roundId'/);
  });
});
