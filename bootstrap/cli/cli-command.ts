import * as E from 'fp-ts/lib/Either.js';
import { toHttpFailure } from '../../adapters/http/http-error.js';
import type { DatabaseAdmin } from '../../adapters/persistence/mikro-orm/database-admin.js';
import type { AppError } from '../../application/shared/errors.js';
import type { Workspace } from '../../application/workspace/workspace.js';

/** A mistake in the command line: exit 2 with the usage. */
export class UsageError extends Error {}

export type OptionSpec = { readonly type: 'string' | 'boolean'; readonly short?: string };

export interface CommandContext {
  /** Positional arguments after the command's two words. */
  readonly args: readonly string[];
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
  readonly json: boolean;
  print(line: string): void;
  /** The workspace, opened (and migrated) on first use and closed when the command ends. */
  workspace(): Promise<Workspace>;
  /** The database itself, opened without migrating, closed when the command ends. */
  admin(): Promise<DatabaseAdmin>;
}

export interface Command {
  /** `['keys', 'rotate']`, or one word (`['export']`). */
  readonly words: readonly [string] | readonly [string, string];
  /** What follows the words in the usage line: `<key-id> [--grace 1h]`. */
  readonly usage: string;
  readonly summary: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  run(context: CommandContext): Promise<void>;
}

/** Waits for an operation; a failure becomes an error line (the same message the API would give). */
export const outcomeOf = async <A>(work: Promise<E.Either<AppError, A>>): Promise<A> => {
  const outcome = await work;
  if (E.isRight(outcome)) return outcome.right;
  const { body, cause } = toHttpFailure(outcome.left);
  const details = (body.error.details ?? []).map((d) => `\n  ${d.field}: ${d.message}`).join('');
  throw new Error(`${body.error.message}${details}${cause instanceof Error ? `\n  ${cause.message}` : ''}`);
};

export const stringOption = (context: CommandContext, name: string): string | undefined => {
  const value = context.options[name];
  return typeof value === 'string' ? value : undefined;
};

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90d`, `12h` or `30m` in milliseconds (`0` too, when `zero` allows it). */
export const durationMs = (option: string, text: string, zero = false): number => {
  if (zero && text === '0') return 0;
  const match = /^([1-9]\d{0,4})([mhd])$/.exec(text);
  if (!match) throw new UsageError(`--${option} must look like 90d, 12h or 30m${zero ? ' (or 0)' : ''}.`);
  const [, amount, unit] = match;
  return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
};

/** A positional numeric id, or a usage error naming it. */
export const idArgument = (context: CommandContext, words: string, name: string): number => {
  const [text] = context.args;
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text))
    throw new UsageError(`${words} needs a numeric <${name}>.`);
  return Number(text);
};

export const printJson = (context: CommandContext, value: unknown): void =>
  context.print(JSON.stringify(value));
