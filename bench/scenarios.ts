import type { Request } from 'autocannon';
import { type SeededOwner, WORDS } from './seed.js';

export interface Scenario {
  readonly name: string;
  readonly kind: 'read' | 'write';
  /** Run in `--scale` too: the reads whose cost could grow with the owner's data. */
  readonly scales: boolean;
  /** One autocannon request; `setupRequest` varies ids and bodies between calls. */
  request(): Request;
}

const json = { 'content-type': 'application/json' };

/** The same calls against the service and the hand-written ceiling (they serve the same paths). */
export const scenarios = (owner: SeededOwner, statusPool: () => readonly number[]): Scenario[] => {
  const middle = owner.tasks >> 1;
  const read = (name: string, path: string, scales: boolean): Scenario => ({
    name,
    kind: 'read',
    scales,
    request: () => ({ method: 'GET', path }),
  });
  return [
    read('get one task', `/v1/tasks/${owner.firstTaskId + middle}`, false),
    read('list 50', '/v1/tasks?limit=50', true),
    read(
      'filtered list',
      `/v1/tasks?status=1&date_from=2026-03-01&date_to=2026-06-30&project_id=${owner.projectIds[1]}&limit=50`,
      true,
    ),
    read('search', `/v1/tasks?search=${WORDS[3]}&limit=50`, true),
    read('clients by latest task', '/v1/clients?type=task', true),
    read('time list 50', '/v1/times?limit=50', false),
    {
      name: 'create task',
      kind: 'write',
      scales: false,
      request: () => {
        let n = 0;
        return {
          method: 'POST',
          path: '/v1/tasks',
          headers: json,
          setupRequest: (request) => {
            n += 1;
            const clientId = owner.clientIds[n % owner.clientIds.length];
            return { ...request, body: JSON.stringify({ title: `bench ${n}`, client_id: clientId }) };
          },
        };
      },
    },
    {
      name: 'status change (done and back)',
      kind: 'write',
      scales: false,
      request: () => {
        // Each run takes tasks no earlier run touched, all new (status 0): done, back, done…
        const pool = statusPool();
        const next = new Map<number, number>();
        let n = 0;
        return {
          method: 'PATCH',
          headers: json,
          setupRequest: (request) => {
            const id = pool[n % pool.length] as number;
            n += 1;
            const status = next.get(id) ?? 2;
            next.set(id, status === 2 ? 0 : 2);
            return { ...request, path: `/v1/tasks/${id}`, body: JSON.stringify({ status }) };
          },
        };
      },
    },
  ];
};
