import {
  SQLITE_SYNCHRONOUS,
  type SqliteSynchronous,
} from '../adapters/persistence/mikro-orm/sqlite-connection.js';

/** Everything the server and the CLI read from the environment. */
export interface Config {
  /** `DATABASE_URL` as given (or the default), already checked. */
  readonly databaseUrl: string;
  readonly database: DatabaseConfig;
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
  readonly rateLimitPerMinute: number;
  /** `DB_CONNECT_TIMEOUT_S`: how long an unreachable database is retried at start. */
  readonly dbConnectTimeoutS: number;
  /** `DB_STATEMENT_TIMEOUT_S`: PostgreSQL, how long one statement may run before the request answers 503. */
  readonly dbStatementTimeoutS: number;
  /** `SQLITE_SYNCHRONOUS`: SQLite, whether each commit is synced to disk before it answers (`full`). */
  readonly sqliteSynchronous: SqliteSynchronous;
  /** `METRICS_PORT`: where Prometheus metrics are served (on `host`); null: no metrics. */
  readonly metricsPort: number | null;
  /** `SHUTDOWN_GRACE_S`: after SIGTERM, how long requests in flight may take before they are cut. */
  readonly shutdownGraceS: number;
  /** `API_KEY_CACHE_S`: how long a key read for a request answers for it (0: read on every request). */
  readonly apiKeyCacheS: number;
  /** `SYNC_RETENTION_DAYS`: how long a sync token stays good (then 410 `SYNC_TOKEN_EXPIRED`). */
  readonly syncRetentionDays: number;
  /** `WEBHOOK_ALLOW_HTTP=1`: webhook URLs may be http as well as https. */
  readonly webhookAllowHttp: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE_TARGETS=1`: webhooks may go to loopback, private and link-local addresses. */
  readonly webhookAllowPrivateTargets: boolean;
  /** `WEBHOOK_MAX_PER_USER`: how many webhook subscriptions one user may hold. */
  readonly webhookMaxPerUser: number;
  /** `CORS_ORIGINS`: the origins browsers may call the API from (`*`: any); empty: none. */
  readonly corsOrigins: readonly string[];
}

export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgresql'; readonly url: string }
  | { readonly kind: 'memory' };

export const DEFAULT_DATABASE_URL = 'sqlite:./data/workspace.db';

export class ConfigError extends Error {}

/** `named` is how the message names the setting: the variable for the server, the option for a host. */
export const parseDatabaseUrl = (url: string, named = 'DATABASE_URL'): DatabaseConfig => {
  if (url === 'memory:') return { kind: 'memory' };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new ConfigError(`${named} sqlite: needs a path, e.g. sqlite:./data/workspace.db`);
    return { kind: 'sqlite', path };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgresql', url };
  throw new ConfigError(`${named} must start with sqlite:, postgres:// or postgresql:// (or be memory:)`);
};

const integerFrom = (
  name: string,
  text: string | undefined,
  fallback: number,
  max: number,
  min = 0,
): number => {
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max || Number(text) < min)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
  return Number(text);
};

/** A 0/1 switch, off unless set to 1. */
const switchFrom = (name: string, text: string | undefined): boolean => {
  if (text === undefined || text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new ConfigError(`${name} must be 0 or 1`);
};

/** `value` as one of `choices`; anything else is a ConfigError naming them. */
export const oneOf = <C extends string>(name: string, value: unknown, choices: readonly C[]): C => {
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) throw new ConfigError(`${name} must be one of ${choices.join(', ')}`);
  return choice;
};

/** One of `choices`, `fallback` when unset. */
const choiceFrom = <C extends string>(
  name: string,
  text: string | undefined,
  choices: readonly C[],
  fallback: C,
): C => (text === undefined || text === '' ? fallback : oneOf(name, text, choices));

/**
 * `CORS_ORIGINS`: origins as browsers send them (`https://app.example`, scheme and host, a port if
 * any, no path), comma-separated, or `*`. A value that is not one is refused, naming it.
 */
const originsFrom = (text: string | undefined): readonly string[] => {
  const origins = (text ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins)
    if (origin !== '*' && !/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(
        `CORS_ORIGINS: ${origin} is not an origin (scheme and host, e.g. https://app.example, or *)`,
      );
  return origins;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const loadConfig = (env: Readonly<Record<string, string | undefined>>): Config => {
  const logLevel = choiceFrom('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info');
  const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  return {
    databaseUrl,
    database: parseDatabaseUrl(databaseUrl),
    port: integerFrom('PORT', env.PORT, 3000, 65535),
    host: env.HOST || '127.0.0.1',
    logLevel,
    rateLimitPerMinute: integerFrom('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 600, 1_000_000),
    dbConnectTimeoutS: integerFrom('DB_CONNECT_TIMEOUT_S', env.DB_CONNECT_TIMEOUT_S, 30, 3600),
    dbStatementTimeoutS: integerFrom('DB_STATEMENT_TIMEOUT_S', env.DB_STATEMENT_TIMEOUT_S, 5, 3600, 1),
    sqliteSynchronous: choiceFrom('SQLITE_SYNCHRONOUS', env.SQLITE_SYNCHRONOUS, SQLITE_SYNCHRONOUS, 'normal'),
    metricsPort: env.METRICS_PORT ? integerFrom('METRICS_PORT', env.METRICS_PORT, 0, 65535) : null,
    shutdownGraceS: integerFrom('SHUTDOWN_GRACE_S', env.SHUTDOWN_GRACE_S, 10, 3600),
    apiKeyCacheS: integerFrom('API_KEY_CACHE_S', env.API_KEY_CACHE_S, 5, 60),
    syncRetentionDays: integerFrom('SYNC_RETENTION_DAYS', env.SYNC_RETENTION_DAYS, 90, 36_500, 1),
    webhookAllowHttp: switchFrom('WEBHOOK_ALLOW_HTTP', env.WEBHOOK_ALLOW_HTTP),
    webhookAllowPrivateTargets: switchFrom(
      'WEBHOOK_ALLOW_PRIVATE_TARGETS',
      env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ),
    webhookMaxPerUser: integerFrom('WEBHOOK_MAX_PER_USER', env.WEBHOOK_MAX_PER_USER, 25, 10_000, 1),
    corsOrigins: originsFrom(env.CORS_ORIGINS),
  };
};
