/**
 * `--help` and commander's own refusals in the command line's language (issue 16). The language is read
 * from argv and `LANG` before commander parses anything (`argvLanguage`): help is printed, and a mistyped
 * option refused, during the parse.
 *
 * - Every command's, option's and argument's description is the catalogue's (`cli:about.<command
 *   path>.…`), set by `describeCommands` once the commands are registered: the code names the commands,
 *   the catalogue words them, in English too.
 * - commander's headings (`Usage:`, `Options:`…), `[options]`, "display help for command" and the notes
 *   after a description (`default:`, `choices:`, `env:`) are `cli:help.*`.
 * - commander's refusals (an unknown option or command, a missing argument, an invalid value) are
 *   `cli:help.refused.*`, with commander's own suggestion of a similar name kept.
 */
import { Argument, Command, Help, InvalidArgumentError, Option } from 'commander';
import type { Language } from '../../../libs/i18n/src';
import { cliSay } from './language';

type Say = ReturnType<typeof cliSay>;

/** commander's refusals this file words; they are methods of commander's Command that its typings do not declare. */
interface Refusals {
  missingArgument(name: string): void;
  optionMissingArgument(option: Option): void;
  missingMandatoryOptionValue(option: Option): void;
  unknownOption(flag: string): void;
  unknownCommand(): void;
  _excessArguments(received: string[]): void;
}
const commanders = Command.prototype as unknown as Refusals;

/** The suggestion commander appends to an unknown name: "(Did you mean --json?)" / "(Did you mean one of a, b?)". */
const SUGGESTION = /\(Did you mean (?:one of )?(.+)\?\)\s*$/;

/** A command (and each of its subcommands) that speaks `lang` in its help and its refusals. */
export class WordedCommand extends Command {
  private readonly say: Say;
  /** the refusal being worded, while commander's own method decides whether to refuse at all */
  private wording?: { key: string; values: Record<string, unknown> };

  constructor(
    name: string | undefined,
    readonly lang: Language,
  ) {
    super(name);
    this.say = cliSay(lang);
  }

  override createCommand(name?: string): Command {
    return new WordedCommand(name, this.lang);
  }

  override createHelp(): Help {
    return Object.assign(new WordedHelp(this.say), this.configureHelp());
  }

  override helpOption(flags?: string | boolean, description?: string): this {
    return super.helpOption(flags, typeof flags === 'boolean' ? description : (description ?? this.say.t('help.helpOption')));
  }

  override helpCommand(nameAndArgs?: string | boolean, description?: string): this {
    if (typeof nameAndArgs === 'boolean') return super.helpCommand(nameAndArgs);
    return super.helpCommand(nameAndArgs ?? 'help [command]', description ?? this.say.t('help.helpCommand'));
  }

  /** commander refuses with its English message; the words are ours, its suggestion of a similar name is kept. */
  override error(message: string, errorOptions?: { code?: string; exitCode?: number }): never {
    const wording = this.wording;
    this.wording = undefined;
    if (!wording) return super.error(message, errorOptions);
    const similar = SUGGESTION.exec(message)?.[1];
    const suggestion = similar ? `\n(${this.say.t('help.refused.didYouMean', { names: similar })})` : '';
    return super.error(`${this.say.t('help.error')} ${this.say.t(`help.refused.${wording.key}`, wording.values)}${suggestion}`, errorOptions);
  }

  /** Run commander's own check, which refuses (through `error`) only when it must: the words are `key`'s. */
  private worded(key: string, values: Record<string, unknown>, check: () => void): void {
    this.wording = { key, values };
    try {
      check();
    } finally {
      this.wording = undefined;
    }
  }

  missingArgument(name: string): void {
    this.worded('missingArgument', { name }, () => commanders.missingArgument.call(this, name));
  }

  optionMissingArgument(option: Option): void {
    this.worded('optionMissingArgument', { flags: option.flags }, () => commanders.optionMissingArgument.call(this, option));
  }

  missingMandatoryOptionValue(option: Option): void {
    this.worded('requiredOption', { flags: option.flags }, () => commanders.missingMandatoryOptionValue.call(this, option));
  }

  unknownOption(flag: string): void {
    this.worded('unknownOption', { flag }, () => commanders.unknownOption.call(this, flag));
  }

  unknownCommand(): void {
    this.worded('unknownCommand', { name: this.args[0] }, () => commanders.unknownCommand.call(this));
  }

  _excessArguments(received: string[]): void {
    const values = { command: this.parent ? this.name() : 'none', expected: this.registeredArguments.length, got: received.length };
    this.worded('excessArguments', values, () => commanders._excessArguments.call(this, received));
  }

  /** An option's or an argument's value its parser refused: the parser's reason (ours, already worded), or the choices. */
  _callParseArg(target: Option | Argument, value: string, previous: unknown, _english: string): unknown {
    try {
      return (target as { parseArg: (value: string, previous: unknown) => unknown }).parseArg(value, previous);
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      const choices =
        target.argChoices && !target.argChoices.includes(value) ? this.say.t('help.refused.choices', { choices: target.argChoices.join(', ') }) : error.message;
      const what =
        target instanceof Option
          ? this.say.t('help.refused.invalidOption', { flags: target.flags, value })
          : this.say.t('help.refused.invalidArgument', { name: target.name(), value });
      return this.error(`${this.say.t('help.error')} ${what} ${choices}`, { exitCode: error.exitCode, code: error.code });
    }
  }
}

/** commander's help layout, with its words (headings, `[options]`, the notes after a description) in the language. */
class WordedHelp extends Help {
  constructor(private readonly say: Say) {
    super();
  }

  private placeholders(usage: string): string {
    return usage.replace(/\[options\]/g, `[${this.say.t('help.optionsArg')}]`).replace(/\[command\]/g, `[${this.say.t('help.commandArg')}]`);
  }

  override commandUsage(cmd: Command): string {
    return this.placeholders(super.commandUsage(cmd));
  }

  override subcommandTerm(cmd: Command): string {
    return this.placeholders(super.subcommandTerm(cmd));
  }

  /** As commander's: the choices, a default worth showing, the preset and the environment variable. */
  override optionDescription(option: Option): string {
    const notes: string[] = [];
    if (option.argChoices) notes.push(this.say.t('help.choices', { choices: option.argChoices.map((c) => JSON.stringify(c)).join(', ') }));
    const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
    if (option.defaultValue !== undefined && showDefault)
      notes.push(this.say.t('help.default', { value: option.defaultValueDescription || JSON.stringify(option.defaultValue) }));
    if (option.presetArg !== undefined && option.optional) notes.push(this.say.t('help.preset', { value: JSON.stringify(option.presetArg) }));
    if (option.envVar !== undefined) notes.push(this.say.t('help.env', { variable: option.envVar }));
    return notes.length ? `${option.description} (${notes.join(', ')})` : option.description;
  }

  override argumentDescription(argument: Argument): string {
    const notes: string[] = [];
    if (argument.argChoices) notes.push(this.say.t('help.choices', { choices: argument.argChoices.map((c) => JSON.stringify(c)).join(', ') }));
    if (argument.defaultValue !== undefined)
      notes.push(this.say.t('help.default', { value: argument.defaultValueDescription || JSON.stringify(argument.defaultValue) }));
    return notes.length ? [argument.description, `(${notes.join(', ')})`].filter(Boolean).join(' ') : argument.description;
  }

  /** commander's layout; its headings start a line (items are indented), so only they are replaced. */
  override formatHelp(cmd: Command, helper: Help): string {
    const headings: Record<string, string> = {
      Usage: 'usage',
      Arguments: 'arguments',
      Options: 'options',
      'Global Options': 'globalOptions',
      Commands: 'commands',
    };
    return super.formatHelp(cmd, helper).replace(/^(Usage|Arguments|Options|Global Options|Commands):/gm, (_, h: string) => this.say.t(`help.${headings[h]}`));
  }
}

/** `casino-audit report table-book` → `report table-book`; the program itself is `casino-audit`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.length ? names.join(' ') : cmd.name();
}

/** The catalogue key of an option (`--no-serve` → `no-serve`) or an argument (`<roundId>` → `roundId`). */
export const optionKey = (option: Option) => (option.long ?? option.short ?? option.flags).replace(/^-+/, '');

/** Each command's, option's and argument's words, by catalogue key: `cli:about.<command path>.description|options.<key>|arguments.<name>`. */
export function* describedParts(program: Command): Generator<{ key: string; set: (text: string) => void }> {
  const walk = function* (cmd: Command): Generator<{ key: string; set: (text: string) => void }> {
    const at = `about.${commandPath(cmd)}`;
    yield { key: `${at}.description`, set: (text) => void cmd.description(text) };
    for (const a of cmd.registeredArguments) yield { key: `${at}.arguments.${a.name()}`, set: (text) => void (a.description = text) };
    for (const o of cmd.options) yield { key: `${at}.options.${optionKey(o)}`, set: (text) => void (o.description = text) };
    for (const c of cmd.commands) yield* walk(c);
  };
  yield* walk(program);
}

/**
 * Word every command, option and argument from the catalogue, in the command line's language. `values`
 * fill the descriptions that name a figure of the code (the demo's most tables, the roles).
 */
export function describeCommands(program: Command, lang: Language, values: Record<string, string | number> = {}): void {
  const say = cliSay(lang);
  for (const part of describedParts(program)) part.set(say.t(part.key, values));
}
