import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import * as seq from '../../application/shared/sequence.js';

/** A step that must not run: it fails the spec if it does. */
const never = (): never => {
  throw new Error('ran a step after a left');
};

describe('sequencing TaskEithers (the use cases’ steps)', () => {
  it('flatMap answers the next step’s result, right or left', async () => {
    expect(
      await pipe(
        TE.right(2),
        seq.flatMap((n: number) => TE.right(n * 10)),
      )(),
    ).to.deep.equal(E.right(20));
    expect(
      await pipe(
        TE.right(2),
        seq.flatMap(() => TE.left('refused')),
      )(),
    ).to.deep.equal(E.left('refused'));
  });

  it('flatMap, map and tap pass a left through without running their step', async () => {
    const left = TE.left<string, number>('not found');
    expect(await pipe(left, seq.flatMap(never))()).to.deep.equal(E.left('not found'));
    expect(await pipe(left, seq.map(never))()).to.deep.equal(E.left('not found'));
    expect(await pipe(left, seq.tap(never))()).to.deep.equal(E.left('not found'));
  });

  it('map turns the right', async () => {
    expect(
      await pipe(
        TE.right('a'),
        seq.map((s: string) => s.toUpperCase()),
      )(),
    ).to.deep.equal(E.right('A'));
  });

  it('tap keeps the right after its effect, and answers the effect’s left instead', async () => {
    const seen: number[] = [];
    const kept = pipe(
      TE.right(7),
      seq.tap((n: number) => {
        seen.push(n);
        return TE.right('ignored');
      }),
    );
    expect(await kept()).to.deep.equal(E.right(7));
    expect(seen).to.deep.equal([7]);
    expect(
      await pipe(
        TE.right(7),
        seq.tap(() => TE.left('effect failed')),
      )(),
    ).to.deep.equal(E.left('effect failed'));
  });

  it('mapError turns a left and leaves a right alone', async () => {
    const tagged = seq.mapError((e: string) => ({ reason: e }));
    expect(await pipe(TE.left('gone'), tagged)()).to.deep.equal(E.left({ reason: 'gone' }));
    expect(await pipe(TE.right(1), tagged)()).to.deep.equal(E.right(1));
  });

  it('runs nothing until the pipe is run, and each step again on every run', async () => {
    let runs = 0;
    const counted = pipe(
      () => {
        runs += 1;
        return Promise.resolve(E.right(runs));
      },
      seq.map((n: number) => n),
    );
    expect(runs).to.equal(0);
    await counted();
    expect(await counted()).to.deep.equal(E.right(2));
  });

  it('passes a rejected step on as a rejection (read.ts turns reads’ failures into lefts first)', async () => {
    const failing = pipe(
      TE.right(1),
      seq.flatMap(() => () => Promise.reject(new Error('bug'))),
    );
    let caught: unknown;
    await failing().catch((error: unknown) => {
      caught = error;
    });
    expect(caught).to.be.instanceOf(Error);
  });

  it('mapRight turns an Either’s right and passes a left through without running its step', () => {
    expect(
      pipe(
        E.right(2),
        seq.mapRight((n: number) => n + 1),
      ),
    ).to.deep.equal(E.right(3));
    expect(pipe(E.left<string, number>('invalid'), seq.mapRight(never))).to.deep.equal(E.left('invalid'));
  });
});
