import type * as E from 'fp-ts/lib/Either.js';
import type { ReportOf } from '../reports/report.use-case.js';
import type { Actor } from '../shared/actor.js';
import type { ValidationFailed } from '../shared/errors.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import { given, type Runner } from './session-binding.js';
import type { Session } from './session-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

/** One report bound to the caller, needing its resource's `report` (read) scope. */
const boundReport = <X, In, B extends { readonly groupBy?: string }, K extends string, M>(
  group: 'times' | 'moneys' | 'tasks',
  prepare: (input: In | undefined) => E.Either<ValidationFailed, B>,
  report: ReportOf<B, K, M>,
  actor: Actor,
  run: Runner<X>,
) => ({
  read: (query?: In) => run(group, 'report')(() => given(prepare, query)((q) => report.execute(actor, q))),
  readIfChanged: (version: string | undefined, query?: In) =>
    run(group, 'report')(() => given(prepare, query)((q) => report.executeUnless(actor, q, version))),
});

export const reportOperations = <X, I extends SessionInputs>(
  reports: WorkspaceUseCases['reports'],
  prepare: Preparers<I>,
  actor: Actor,
  run: Runner<X>,
): Session<X, I>['reports'] => {
  const times = boundReport('times', prepare.timesReport, reports.times, actor, run);
  const moneys = boundReport('moneys', prepare.moneysReport, reports.moneys, actor, run);
  const tasks = boundReport('tasks', prepare.tasksReport, reports.tasks, actor, run);
  return {
    times: times.read,
    timesIfChanged: times.readIfChanged,
    moneys: moneys.read,
    moneysIfChanged: moneys.readIfChanged,
    tasks: tasks.read,
    tasksIfChanged: tasks.readIfChanged,
  };
};
