import { parseArgs } from 'node:util';
import { UsageError } from './errors';

/** A `--name` flag: a boolean switch, or a string that takes the next word (or `--name=value`). */
export interface Flag {
  type: 'string' | 'boolean';
  /** How the usage names a string flag's value, e.g. `<duration>`. */
  value?: string;
  /** May be given more than once; the command gets every value, in order. */
  multiple?: boolean;
  required?: boolean;
  help: string;
}

/** What a command receives: its flags by name (a string, true, or a `multiple` flag's list) and its arguments. */
export interface Input {
  flags: Record<string, string | boolean | string[] | undefined>;
  args: string[];
}

export interface Command {
  /** The words after `counterfoil`: `['ledger', 'verify']`. */
  path: readonly string[];
  /** One line, for the overview and its group's usage. */
  summary: string;
  /** What it does, for its own usage (already wrapped; may span lines). */
  description: string;
  flags?: Record<string, Flag>;
  /** Required arguments, in order: `<api_key_id>`. */
  args?: readonly { name: string; help: string }[];
  /** The settings (environment variables) it reads, for its usage. */
  settings?: string;
  /** The implementation, loaded only when the command runs: help and usage errors never load it. */
  run(input: Input): Promise<void>;
}

export type Resolved = { kind: 'help'; path: readonly string[] } | { kind: 'run'; command: Command; input: Input };

const HELP = new Set(['--help', '-h']);
const wantsHelp = (words: readonly string[]): boolean => {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).some((w) => HELP.has(w));
};
const groupOf = (table: readonly Command[], word: string): Command[] => table.filter((c) => c.path.length > 1 && c.path[0] === word);
const find = (table: readonly Command[], words: readonly string[]): Command | undefined =>
  table.find((c) => c.path.length === words.length && c.path.every((w, i) => w === words[i]));

/**
 * `counterfoil <words…>` to the help to print or the command to run with its parsed flags. `--help` or
 * `-h` anywhere before `--` asks for help, whatever else the line holds: help never runs anything.
 */
export function resolve(table: readonly Command[], argv: readonly string[]): Resolved {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('no command given', []);
  if (HELP.has(first)) return { kind: 'help', path: [] };
  if (first === 'help') {
    if (rest.length === 0 || (rest.length === 1 && HELP.has(rest[0]!))) return { kind: 'help', path: [] };
    if (find(table, rest) || (rest.length === 1 && groupOf(table, rest[0]!).length > 0)) return { kind: 'help', path: rest };
    throw new UsageError(`unknown command "${rest.join(' ')}"`, []);
  }
  if (first.startsWith('-')) throw new UsageError(`unknown flag ${first}`, []);

  let command: Command | undefined;
  let words: string[];
  if (groupOf(table, first).length > 0) {
    const [sub, ...afterSub] = rest;
    if (sub === undefined) throw new UsageError(`${first} needs a command`, [first]);
    if (HELP.has(sub)) return { kind: 'help', path: [first] };
    command = find(table, [first, sub]);
    if (!command) {
      if (wantsHelp(rest)) return { kind: 'help', path: [first] };
      throw new UsageError(`unknown command "${first} ${sub}"`, [first]);
    }
    words = afterSub;
  } else {
    command = find(table, [first]);
    if (!command) throw new UsageError(`unknown command "${first}"`, []);
    words = rest;
  }
  if (wantsHelp(words)) return { kind: 'help', path: command.path };
  return { kind: 'run', command, input: parseInput(command, words) };
}

function parseInput(command: Command, words: string[]): Input {
  const flags = command.flags ?? {};
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: words,
      options: Object.fromEntries(Object.entries(flags).map(([name, f]) => [name, { type: f.type, multiple: f.multiple ?? false }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(parseErrorMessage(err), command.path);
  }
  const values = parsed.values as Input['flags'];
  for (const [name, flag] of Object.entries(flags)) {
    const value = values[name];
    if (flag.type === 'string' && (value === '' || (Array.isArray(value) && value.includes('')))) throw new UsageError(`--${name} needs a value`, command.path);
    if (flag.required && value === undefined) throw new UsageError(`--${name} is required`, command.path);
  }
  const expected = command.args ?? [];
  if (parsed.positionals.length < expected.length) throw new UsageError(`${expected[parsed.positionals.length]!.name} is required`, command.path);
  if (parsed.positionals.length > expected.length) throw new UsageError(`unexpected argument "${parsed.positionals[expected.length]}"`, command.path);
  return { flags: values, args: parsed.positionals };
}

/** parseArgs' own errors, shortened to what was wrong (its hints about `--` do not apply here). */
function parseErrorMessage(err: unknown): string {
  const { code, message } = err as { code?: string; message: string };
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${flag}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /argument missing|ambiguous/.test(message)) return `${flag} needs a value`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /does not take an argument/.test(message)) return `${flag} takes no value`;
  return message.split('\n', 1)[0]!;
}

// ---------------------------------------------------------------------------------------------
// Usage texts

const indent = (text: string, by: number): string => text.split('\n').map((l) => (l ? ' '.repeat(by) + l : l)).join('\n');

/** Two columns, the second aligned; a first column too wide for it puts its text on the next line. */
function columns(rows: [string, string][], width = 24): string {
  return rows
    .map(([left, right]) => {
      const text = right.split('\n');
      const head = left.length < width - 2 ? `  ${left.padEnd(width - 2)}${text[0]}` : `  ${left}\n${' '.repeat(width)}${text[0]}`;
      return [head, ...text.slice(1).map((l) => ' '.repeat(width) + l)].join('\n');
    })
    .join('\n');
}

export function synopsis(command: Command): string {
  const flags = Object.entries(command.flags ?? {}).map(([name, f]) => {
    const word = f.type === 'string' ? `--${name} ${f.value ?? '<value>'}` : `--${name}`;
    return `${f.required ? word : `[${word}]`}${f.multiple ? '...' : ''}`;
  });
  return ['counterfoil', ...command.path, ...(command.args ?? []).map((a) => a.name), ...flags].join(' ');
}

function commandUsage(command: Command): string {
  const flagRows: [string, string][] = Object.entries(command.flags ?? {}).map(([name, f]) => [
    f.type === 'string' ? `--${name} ${f.value ?? '<value>'}` : `--${name}`,
    f.help + (f.multiple ? ' (may be repeated)' : ''),
  ]);
  flagRows.push(['-h, --help', 'print this usage and exit']);
  const parts = [`usage: ${synopsis(command)}`, '', indent(command.description, 2)];
  if (command.args?.length) parts.push('', 'Arguments:', columns(command.args.map((a) => [a.name, a.help])));
  parts.push('', 'Flags:', columns(flagRows));
  if (command.settings) parts.push('', 'Settings:', indent(command.settings, 2));
  return parts.join('\n');
}

function groupUsage(table: readonly Command[], group: string): string {
  return [
    `usage: counterfoil ${group} <command> [flags]`,
    '',
    'Commands:',
    columns(groupOf(table, group).map((c) => [c.path.join(' '), c.summary])),
    '',
    `Run \`counterfoil ${group} <command> --help\` for its flags and settings.`,
  ].join('\n');
}

function overview(table: readonly Command[]): string {
  return [
    'usage: counterfoil <command> [flags]',
    '',
    'Commands:',
    columns([...table.map((c): [string, string] => [c.path.join(' '), c.summary]), ['help [<command>]', 'print the usage of a command (as `<command> --help` does)']]),
    '',
    'Run `counterfoil <command> --help` (or -h) for its flags and settings; help never connects to anything.',
    'Exit status: 0 done; 1 failed, the reason on one line on stderr (`ledger verify`: the ledger is violated);',
    '2 the command line is wrong (an unknown command or flag, a flag without its value), the usage on stderr.',
  ].join('\n');
}

/** The usage of a command, of a group (`ledger`), or the overview (`[]`). */
export function usage(table: readonly Command[], path: readonly string[]): string {
  const command = find(table, path);
  if (command) return `${commandUsage(command)}\n`;
  if (path.length === 1 && groupOf(table, path[0]!).length > 0) return `${groupUsage(table, path[0]!)}\n`;
  return `${overview(table)}\n`;
}

/** Every path `--help` answers for: each command, and each group of subcommands (for the tests and the docs). */
export function helpPaths(table: readonly Command[]): string[][] {
  const groups = [...new Set(table.filter((c) => c.path.length > 1).map((c) => c.path[0]!))];
  return [...table.map((c) => [...c.path]), ...groups.map((g) => [g])];
}
