import { setTimeout as sleep } from 'node:timers/promises';

/** One request of the load and how it ended: `status` 0 means no answer at all (refused, reset, timed out). */
export interface LoadAnswer {
  readonly operation: 'create' | 'complete';
  readonly status: number;
  /** The envelope's error code, when the answer was a failure. */
  readonly code: string | null;
  /** Whether the body was the envelope (it has `success`). */
  readonly enveloped: boolean;
  /** Why there was no answer (`ECONNREFUSED`, `ECONNRESET`, `TimeoutError`…); null when there was one. */
  readonly failure: string | null;
  readonly startedAt: number;
  readonly elapsedMs: number;
}

/** What a 2xx promised: the task exists with this title, and is done when `completed`. */
export interface AcknowledgedTask {
  readonly id: number;
  readonly title: string;
  completed: boolean;
}

export interface LoadReport {
  readonly answers: readonly LoadAnswer[];
  readonly acknowledged: ReadonlyMap<number, AcknowledgedTask>;
}

export interface WriteLoad {
  /** Answers so far (the load keeps running). */
  readonly answers: readonly LoadAnswer[];
  /** Stops every worker after its request in flight and reports. */
  stop(): Promise<LoadReport>;
}

export interface WriteLoadOptions {
  /** Where worker `i` sends its next request. */
  readonly baseUrl: (worker: number) => string;
  readonly key: string;
  readonly workers: number;
  /** A request with no answer after this long counts as unanswered (status 0). */
  readonly requestTimeoutMs?: number;
}

interface Exchange {
  readonly status: number;
  readonly failure: string | null;
  readonly body: { success?: boolean; data?: { task?: { id?: number } }; error?: { code?: string } } | null;
}

/** fetch's reason for no answer: the socket's code under its `cause`, or the abort's name. */
const failureOf = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.name : String(error));
};

/**
 * Concurrent writers, each creating a task and then completing it (a status change: task, history
 * and gamification in one transaction), over and over until stopped. Every answer is kept, with its
 * time, and every 2xx is remembered as a promise the database must keep.
 */
export const startWriteLoad = (options: WriteLoadOptions): WriteLoad => {
  const answers: LoadAnswer[] = [];
  const acknowledged = new Map<number, AcknowledgedTask>();
  let running = true;

  const send = async (
    worker: number,
    operation: LoadAnswer['operation'],
    method: string,
    path: string,
    body: object,
  ): Promise<Exchange> => {
    const startedAt = Date.now();
    let exchange: Exchange;
    try {
      const response = await fetch(`${options.baseUrl(worker)}${path}`, {
        method,
        headers: { 'x-api-key': options.key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.requestTimeoutMs ?? 30_000),
      });
      const text = await response.text();
      exchange = { status: response.status, failure: null, body: text === '' ? null : JSON.parse(text) };
    } catch (error) {
      exchange = { status: 0, failure: failureOf(error), body: null };
    }
    answers.push({
      operation,
      status: exchange.status,
      code: exchange.body?.error?.code ?? null,
      enveloped: typeof exchange.body?.success === 'boolean',
      failure: exchange.failure,
      startedAt,
      elapsedMs: Date.now() - startedAt,
    });
    // A refused request is retried after a pause, not in a hot loop.
    if (exchange.status === 0 || exchange.status >= 500) await sleep(50);
    return exchange;
  };

  const work = async (worker: number) => {
    for (let round = 0; running; round += 1) {
      const title = `load ${worker}.${round}`;
      const created = await send(worker, 'create', 'POST', '/v1/tasks', { title, priority: 1 });
      const id = created.body?.data?.task?.id;
      if (created.status !== 201 || id === undefined) continue;
      const task: AcknowledgedTask = { id, title, completed: false };
      acknowledged.set(id, task);
      if (!running) break;
      const completed = await send(worker, 'complete', 'PATCH', `/v1/tasks/${id}`, { status: 2 });
      if (completed.status === 200) task.completed = true;
    }
  };
  const workers = Promise.all(Array.from({ length: options.workers }, (_, worker) => work(worker)));

  return {
    answers,
    stop: async () => {
      running = false;
      await workers;
      return { answers, acknowledged };
    },
  };
};

/** Waits until at least `count` answers satisfy `accept`, or fails after `timeoutMs`. */
export const waitForAnswers = async (
  load: WriteLoad,
  count: number,
  accept: (answer: LoadAnswer) => boolean,
  timeoutMs = 30_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (load.answers.filter(accept).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} such answers in ${timeoutMs} ms`);
    await sleep(25);
  }
};
