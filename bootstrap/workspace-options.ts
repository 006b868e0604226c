import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { StartupError } from './startup-error.js';

/** A whole number of at least `least`. */
const wholeFrom = (least: number) => {
  const is = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= least;
  return new t.Type<number, number, unknown>(
    `a whole number ≥ ${least}`,
    is,
    (value, context) => (is(value) ? t.success(value) : t.failure(value, context)),
    t.identity,
  );
};

/** `props`, each optional, and no other key: a misspelt option is refused, not dropped. */
const withKnownKeys = <P extends t.Props>(name: string, props: P) =>
  new t.Type<t.TypeOfPartialProps<P>, unknown, unknown>(
    name,
    (value): value is t.TypeOfPartialProps<P> =>
      t.partial(props).is(value) && Object.keys(value).every((key) => key in props),
    (value, context) =>
      typeof value === 'object' && value !== null
        ? E.flatMap(t.partial(props).validate(value, context), (checked) => {
            const unknown = Object.keys(value).filter((key) => !(key in props));
            return unknown.length === 0
              ? t.success(checked)
              : t.failures(
                  unknown.map((key) => ({ value: key, context: [...context, { key, type: t.never }] })),
                );
          })
        : t.failure(value, context),
    t.identity,
  );

const WEBHOOK_OPTIONS = withKnownKeys('WebhookOptions', {
  allowHttp: t.boolean,
  allowPrivateTargets: t.boolean,
  maxPerUser: wholeFrom(1),
  deliver: t.boolean,
  pollMs: wholeFrom(1),
  onAttempt: t.Function,
  onError: t.Function,
});

/**
 * What `openWorkspace` takes, checked at run time: a host in plain JavaScript may pass anything, and
 * `migrate: 'no'` must not be read as true, nor a misspelt option be dropped without a word.
 */
const WORKSPACE_OPTIONS = t.intersection([
  t.type({ database: t.string }),
  withKnownKeys('WorkspaceOptions', {
    database: t.string,
    clock: t.type({ now: t.Function }),
    migrate: t.boolean,
    connectTimeoutMs: wholeFrom(0),
    statementTimeoutMs: wholeFrom(1),
    sqliteSynchronous: t.keyof({ normal: null, full: null }, 'one of normal, full'),
    reportBackgroundFailure: t.Function,
    observeQuery: t.Function,
    apiKeyCacheMs: wholeFrom(0),
    syncRetentionDays: wholeFrom(1),
    createDatabase: t.boolean,
    onConnectRetry: t.Function,
    webhooks: WEBHOOK_OPTIONS,
  }),
]);

/** One failure as the host wrote the option: its path, what it must be, and what it was. */
const described = (error: t.ValidationError): string => {
  const path = error.context
    .map((entry) => entry.key)
    .filter((key) => key !== '' && !/^\d+$/.test(key))
    .join('.');
  const expected = error.context[error.context.length - 1]?.type;
  return expected === t.never
    ? `${path} is not an option`
    : `${path || 'the options'} must be ${expected?.name ?? 'something else'} (got ${JSON.stringify(error.value) ?? typeof error.value})`;
};

/** Throws a `StartupError` naming every option `options` gets wrong. */
export const checkWorkspaceOptions = (options: unknown): void => {
  const checked = WORKSPACE_OPTIONS.decode(options);
  if (E.isLeft(checked))
    throw new StartupError(`openWorkspace: ${[...new Set(checked.left.map(described))].join('; ')}`);
};
