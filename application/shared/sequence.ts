import * as E from 'fp-ts/lib/Either.js';
import type { TaskEither } from 'fp-ts/lib/TaskEither.js';

/*
 * The steps the use cases chain their TaskEithers with, for fp-ts's `pipe`, typed as fp-ts's own.
 *
 * fp-ts 2.16 builds `TE.flatMap`, `tap` and `mapError` with its `dual` helper, which copies
 * `arguments` with `Array.from` at every call — when the pipe is built and again inside, through
 * `Task.flatMap` — and each step adds a `Promise.resolve().then` hop. In a profile of reading one
 * task over HTTP that copying was a visible share of the request's CPU. Each step here is one closure and
 * one await, and a left passes through untouched.
 */

/** Runs `f` on the right, and answers its result; a left is answered as it is. */
export const flatMap =
  <A, E2, B>(f: (a: A) => TaskEither<E2, B>) =>
  <E1>(first: TaskEither<E1, A>): TaskEither<E1 | E2, B> =>
  async () => {
    const result = await first();
    return E.isLeft(result) ? result : f(result.right)();
  };

/** The right turned into `f` of it. */
export const map =
  <A, B>(f: (a: A) => B) =>
  <E1>(first: TaskEither<E1, A>): TaskEither<E1, B> =>
  async () => {
    const result = await first();
    return E.isLeft(result) ? result : E.right(f(result.right));
  };

/** Runs `f` on the right for its effect: its left is answered, else the right as it was. */
export const tap =
  <A, E2>(f: (a: A) => TaskEither<E2, unknown>) =>
  <E1>(first: TaskEither<E1, A>): TaskEither<E1 | E2, A> =>
  async () => {
    const result = await first();
    if (E.isLeft(result)) return result;
    const effect = await f(result.right)();
    return E.isLeft(effect) ? effect : result;
  };

/** The left turned into `f` of it. */
export const mapError =
  <E1, E2>(f: (e: E1) => E2) =>
  <A>(first: TaskEither<E1, A>): TaskEither<E2, A> =>
  async () => {
    const result = await first();
    return E.isLeft(result) ? E.left(f(result.left)) : result;
  };

/** An Either's right turned into `f` of it, for the decoders every request runs (fp-ts's `E.map` is built with `dual` too). */
export const mapRight =
  <A, B>(f: (a: A) => B) =>
  <E1>(either: E.Either<E1, A>): E.Either<E1, B> =>
    E.isLeft(either) ? either : E.right(f(either.right));
