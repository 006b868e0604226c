import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { type InfrastructureError, infrastructureError } from '../shared/errors.js';

/** The most operations one batch takes (CONTRACT §11). */
export const MAX_BATCH_OPERATIONS = 100;

/** What an operation of a batch answered, as its edge writes answers. */
export interface StepAnswer<R> {
  /** Whether it succeeded: an atomic batch stops at the first that did not. */
  readonly ok: boolean;
  /** The id of the record it answered with, for the steps that name it by its `ref`. */
  readonly id: number | null;
  readonly answer: R;
}

/** One operation of a batch, as an edge (HTTP, MCP) runs it: exactly as it would run it alone. */
export interface BatchStep<R> {
  /** The name later steps give the id of the record this one answers with. */
  readonly ref?: string | undefined;
  /** The refs of earlier steps whose ids it uses. */
  readonly uses: readonly string[];
  /** Runs it, with the id of each ref it uses. */
  readonly run: (ids: ReadonlyMap<string, number>) => Promise<StepAnswer<R>>;
}

/** Why a step of a batch did not run, or ran and was not kept. */
export type NotDone =
  /** Atomic: another step failed, so this one was not stored (it ran, and was rolled back) or never ran. */
  | { readonly _tag: 'BatchFailed'; readonly failedStep: number }
  /** Not atomic: a step whose id it uses failed, or answered with no record. */
  | { readonly _tag: 'DependencyFailed'; readonly ref: string; readonly step: number };

export type StepResult<R> =
  | { readonly _tag: 'Answered'; readonly answer: R }
  | { readonly _tag: 'NotDone'; readonly why: NotDone };

/** The ids a step uses, or the first of its refs that has none (its step failed, or named no record). */
const idsFor = (
  uses: readonly string[],
  ids: ReadonlyMap<string, number>,
): { readonly ids: ReadonlyMap<string, number> } | { readonly missing: string } => {
  for (const ref of uses) if (!ids.has(ref)) return { missing: ref };
  return { ids };
};

/**
 * Runs work as one transaction (`Session.batch`): committed when it answers Right. The work keeps
 * nothing between runs, so it may be run again from its start (`rerunnable`).
 */
export type Together<Err> = <A>(
  work: () => Promise<E.Either<'stopped', A>>,
) => Promise<E.Either<Err | 'stopped', A>>;

const oneByOne = async <R>(steps: readonly BatchStep<R>[]): Promise<StepResult<R>[]> => {
  const ids = new Map<string, number>();
  const stepOf = new Map<string, number>();
  const results: StepResult<R>[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.ref !== undefined) stepOf.set(step.ref, index);
    const usable = idsFor(step.uses, ids);
    if ('missing' in usable) {
      const why: NotDone = {
        _tag: 'DependencyFailed',
        ref: usable.missing,
        step: stepOf.get(usable.missing) ?? -1,
      };
      results.push({ _tag: 'NotDone', why });
      continue;
    }
    const done = await step.run(usable.ids);
    if (done.ok && done.id !== null && step.ref !== undefined) ids.set(step.ref, done.id);
    results.push({ _tag: 'Answered', answer: done.answer });
  }
  return results;
};

const atomically = async <R, Err>(
  together: Together<Err>,
  steps: readonly BatchStep<R>[],
): Promise<E.Either<Err | InfrastructureError, StepResult<R>[]>> => {
  /** The step that failed: the batch stops there and is rolled back. */
  let failed: { readonly step: number; readonly result: StepResult<R> } | undefined;
  // Everything a run keeps is made anew by it: the batch may be run again from its start.
  const outcome = await together(async (): Promise<E.Either<'stopped', R[]>> => {
    const ids = new Map<string, number>();
    const answers: R[] = [];
    failed = undefined;
    for (const [index, step] of steps.entries()) {
      const usable = idsFor(step.uses, ids);
      if ('missing' in usable) {
        // The step it names answered with no record: this one cannot run, and the batch stops.
        const named = steps.findIndex((earlier) => earlier.ref === usable.missing);
        failed = {
          step: index,
          result: { _tag: 'NotDone', why: { _tag: 'DependencyFailed', ref: usable.missing, step: named } },
        };
        return E.left('stopped');
      }
      const done = await step.run(usable.ids);
      if (!done.ok) {
        failed = { step: index, result: { _tag: 'Answered', answer: done.answer } };
        return E.left('stopped');
      }
      if (done.id !== null && step.ref !== undefined) ids.set(step.ref, done.id);
      answers.push(done.answer);
    }
    return E.right(answers);
  });
  return pipe(
    outcome,
    E.map((answers) => answers.map((answer): StepResult<R> => ({ _tag: 'Answered', answer }))),
    E.orElse((why) => {
      if (why !== 'stopped') return E.left(why);
      const stop = failed;
      if (stop === undefined) return E.left(infrastructureError(new Error('a batch stopped at no step')));
      const notDone: StepResult<R> = { _tag: 'NotDone', why: { _tag: 'BatchFailed', failedStep: stop.step } };
      return E.right(steps.map((_, index) => (index === stop.step ? stop.result : notDone)));
    }),
  );
};

/**
 * A batch (CONTRACT §11): steps in order, each run as it would run alone. Atomic: all in one
 * transaction; the first step that fails stops the batch, nothing is kept, and every other step is
 * `BatchFailed`. Not atomic: each step on its own; one that uses the id of a failed step is
 * `DependencyFailed`, and the others go on.
 */
export const runSteps = async <R, Err>(
  together: Together<Err>,
  steps: readonly BatchStep<R>[],
  atomic: boolean,
): Promise<E.Either<Err | InfrastructureError, StepResult<R>[]>> =>
  atomic ? atomically(together, steps) : E.right(await oneByOne(steps));
