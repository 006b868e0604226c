import { expect } from 'chai';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { portSuite } from './port-fixture.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const TTL = 24 * 3_600_000;
const LEASE = 300_000;
const at = (now: number) => ({ now, ttlMs: TTL, leaseMs: LEASE });
const ANSWER = {
  status: 201,
  body: '{"success":true,"data":{"task":{"id":7}}}',
  headers: { location: '/v1/tasks/7' },
};

/** IdempotencyStore: one holder per (owner, key), its answer kept for a day. */
export const idempotencyStoreContract = (factory: HarnessFactory): void =>
  portSuite('IdempotencyStore', factory, (fixture) => {
    it('lets the first claim through, holds the key while it runs, then replays its answer', async () => {
      const { idempotency } = fixture().persistence;
      expect(await idempotency.claim(1, 'k', 'f1', at(T0))).to.deep.equal({ kind: 'claimed' });
      expect(await idempotency.claim(1, 'k', 'f1', at(T0 + 1))).to.deep.equal({ kind: 'running' });
      expect(await idempotency.claim(1, 'k', 'f2', at(T0 + 1))).to.deep.equal({ kind: 'mismatch' });
      await idempotency.complete(1, 'k', ANSWER);
      await idempotency.release(1, 'k');
      expect(await idempotency.claim(1, 'k', 'f1', at(T0 + 2))).to.deep.equal({
        kind: 'completed',
        response: ANSWER,
      });
      expect(await idempotency.claim(1, 'k', 'f2', at(T0 + 2))).to.deep.equal({ kind: 'mismatch' });
    });

    it('keeps keys apart per owner, and frees a released key for the next claim', async () => {
      const { idempotency } = fixture().persistence;
      expect(await idempotency.claim(1, 'shared', 'f', at(T0))).to.deep.equal({ kind: 'claimed' });
      expect(await idempotency.claim(2, 'shared', 'other', at(T0))).to.deep.equal({ kind: 'claimed' });
      await idempotency.release(1, 'shared');
      expect(await idempotency.claim(1, 'shared', 'changed', at(T0 + 1))).to.deep.equal({ kind: 'claimed' });
    });

    it('forgets an answer after the time to live, and a running claim after the lease', async () => {
      const { idempotency } = fixture().persistence;
      await idempotency.claim(1, 'done', 'f', at(T0));
      await idempotency.complete(1, 'done', ANSWER);
      expect((await idempotency.claim(1, 'done', 'f', at(T0 + TTL - 1))).kind).to.equal('completed');
      expect(await idempotency.claim(1, 'done', 'g', at(T0 + TTL))).to.deep.equal({ kind: 'claimed' });
      await idempotency.claim(1, 'stuck', 'f', at(T0));
      expect((await idempotency.claim(1, 'stuck', 'f', at(T0 + LEASE - 1))).kind).to.equal('running');
      expect(await idempotency.claim(1, 'stuck', 'f', at(T0 + LEASE))).to.deep.equal({ kind: 'claimed' });
    });

    it('lets exactly one of 20 concurrent claims of one key through', async () => {
      const { idempotency } = fixture().persistence;
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => idempotency.claim(1, 'race', 'f', at(T0))),
      );
      const kinds = claims.map((c) => c.kind);
      expect(kinds.filter((k) => k === 'claimed')).to.have.length(1);
      expect(kinds.filter((k) => k === 'running')).to.have.length(19);
    });
  });
