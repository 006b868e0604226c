import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { createCalendarFeedInput, listCalendarFeedsInput } from '../calendar/calendar-feed.codecs.js';
import { createClientInput, updateClientInput } from '../records/kinds/client.kind.js';
import { createMoneyInput, updateMoneyInput } from '../records/kinds/money.kind.js';
import { createNamedInput, updateNamedInput } from '../records/kinds/named.kind.js';
import { createNoteFromTextInput, createNoteInput, updateNoteInput } from '../records/kinds/note.kind.js';
import { createProjectInput, updateProjectInput } from '../records/kinds/project.kind.js';
import { createTimeInput, updateTimeInput } from '../records/kinds/time.kind.js';
import {
  listClientsInput,
  listMoneysInput,
  listNamedInput,
  listNotesInput,
  listProjectsInput,
  listTimesInput,
} from '../records/list-queries.js';
import { moneysReportInput, tasksReportInput, timesReportInput } from '../reports/report.codecs.js';
import { decodeWith } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';
import { syncInput } from '../sync/sync.codecs.js';
import {
  changeStatusInput,
  createTaskInput,
  listTasksInput,
  pageInput,
  replaceTaskInput,
  updateTaskInput,
} from '../tasks/task.codecs.js';
import {
  createWebhookInput,
  deliveriesInput,
  listWebhooksInput,
  updateWebhookInput,
} from '../webhooks/webhook.codecs.js';

/**
 * The codec of every session operation's input, by name. Input is decoded once, by the edge that
 * received it: a host's session decodes what the host passes with these; a transport decodes the
 * wire with codecs derived from them and hands the session their output. Use cases take the
 * decoded values and decode nothing.
 */
export const INPUT_CODECS = {
  createTask: createTaskInput,
  updateTask: updateTaskInput,
  replaceTask: replaceTaskInput,
  changeStatus: changeStatusInput,
  listTasks: listTasksInput,
  page: pageInput,
  sync: syncInput,
  createClient: createClientInput,
  updateClient: updateClientInput,
  listClients: listClientsInput,
  createProject: createProjectInput,
  updateProject: updateProjectInput,
  listProjects: listProjectsInput,
  createNamed: createNamedInput,
  updateNamed: updateNamedInput,
  listNamed: listNamedInput,
  createNote: createNoteInput,
  createNoteFromText: createNoteFromTextInput,
  updateNote: updateNoteInput,
  listNotes: listNotesInput,
  createTime: createTimeInput,
  updateTime: updateTimeInput,
  listTimes: listTimesInput,
  createMoney: createMoneyInput,
  updateMoney: updateMoneyInput,
  listMoneys: listMoneysInput,
  createWebhook: createWebhookInput,
  updateWebhook: updateWebhookInput,
  listWebhooks: listWebhooksInput,
  deliveries: deliveriesInput,
  timesReport: timesReportInput,
  moneysReport: moneysReportInput,
  tasksReport: tasksReportInput,
  createCalendarFeed: createCalendarFeedInput,
  listCalendarFeeds: listCalendarFeedsInput,
};

type InputCodecs = typeof INPUT_CODECS;
export type InputName = keyof InputCodecs;

/** An operation's input as its codec decodes it: what its use case takes. */
export type Decoded<K extends InputName> = t.TypeOf<InputCodecs[K]>;
export type DecodedInputs = { readonly [K in InputName]: Decoded<K> };

/** What a session's operations take, by input name. */
export type SessionInputs = { readonly [K in InputName]: unknown };

/**
 * How a session turns each operation's input (of type `I[K]`) into what the use case takes. An
 * input left out (a list's query, a page) is `{}`: every parameter at its default.
 */
export type Preparers<I extends SessionInputs> = {
  readonly [K in InputName]: (input: I[K] | undefined) => E.Either<ValidationFailed, Decoded<K>>;
};

const decoders = Object.fromEntries(
  Object.entries<t.Mixed>(INPUT_CODECS).map(([name, codec]) => {
    const decode = decodeWith(codec);
    return [name, (input: unknown) => decode(input ?? {})];
  }),
);

/** A host's values decoded with each operation's codec. */
// trust boundary: each entry is `decodeWith` of the codec of the same name.
export const decodeGiven = decoders as Preparers<SessionInputs>;

const asDecoded = (input: unknown) => E.right(input ?? {});

const identities = Object.fromEntries(Object.keys(INPUT_CODECS).map((name) => [name, asDecoded]));

/** A transport's values, which its wire codecs already decoded into each operation's input, as they are. */
// trust boundary: every entry is the identity, and `I[K]` is `Decoded<K>` for every name.
export const takeDecoded = identities as Preparers<DecodedInputs>;
