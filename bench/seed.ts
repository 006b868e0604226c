import type { Db } from './ceiling/driver.js';

/** Words in titles and descriptions: a search for one of them matches 1 task in WORDS.length. */
export const WORDS = [
  'apple',
  'birch',
  'cedar',
  'delta',
  'ember',
  'fjord',
  'gamma',
  'heron',
  'indigo',
  'juniper',
];
const CLIENTS_PER_OWNER = 20;
const PROJECTS_PER_OWNER = 50;
const ROWS_PER_STATEMENT = 500;
const START = Date.parse('2026-01-01T09:00:00Z');
const DAY_MS = 86_400_000;

export interface SeededOwner {
  readonly userId: number;
  readonly tasks: number;
  /** The owner's tasks have ids `firstTaskId` to `firstTaskId + tasks - 1`; task i has status i % 4. */
  readonly firstTaskId: number;
  readonly clientIds: readonly number[];
  readonly projectIds: readonly number[];
}

/** The column's spelling of a wall-clock time: `YYYY-MM-DD HH:MM:SS`. */
const wallClock = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const insertRows = async (
  client: Db,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<void> => {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const sql = `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => tuple).join(', ')}`;
    await client.transaction((tx) => tx.all(sql, chunk.flat()));
  }
};

const insertNamed = async (client: Db, table: string, ownerId: number, rows: unknown[][]) => {
  const extra = table === 'projects' ? ['client_id'] : [];
  await insertRows(client, table, ['owner_id', 'name', 'active', 'created_at', 'updated_at', ...extra], rows);
  return (await client.all(`select id from ${table} where owner_id = ? order by id`, [ownerId])).map((r) =>
    Number(r.id),
  );
};

/**
 * Gives `userId` `tasks` tasks over 20 clients and 50 projects, every status, priority and a date a
 * year wide, plus `times` time records (one for every other task unless told) over the same clients
 * and year. Bulk SQL, shaped as the service stores them.
 */
export const seedOwner = async (
  client: Db,
  userId: number,
  tasks: number,
  times = Math.floor(tasks / 2),
): Promise<SeededOwner> => {
  const active = client.dialect === 'sqlite' ? 1 : true;
  const clientIds = await insertNamed(
    client,
    'clients',
    userId,
    Array.from({ length: CLIENTS_PER_OWNER }, (_, i) => [userId, `Client ${i}`, active, START, START]),
  );
  const projectIds = await insertNamed(
    client,
    'projects',
    userId,
    Array.from({ length: PROJECTS_PER_OWNER }, (_, i) => [
      userId,
      `Project ${i}`,
      active,
      START,
      START,
      clientIds[i % CLIENTS_PER_OWNER],
    ]),
  );
  const numbers = new Map<number, number>();
  const taskRows = Array.from({ length: tasks }, (_, i) => {
    const clientId = clientIds[i % CLIENTS_PER_OWNER] as number;
    const number = (numbers.get(clientId) ?? 0) + 1;
    numbers.set(clientId, number);
    const created = START + i * 1000;
    const status = i % 4;
    return [
      userId,
      number,
      clientId,
      `Task ${i} ${WORDS[i % WORDS.length]}`,
      `About ${WORDS[(i * 7) % WORDS.length]} and more`,
      wallClock(START + (i % 365) * DAY_MS),
      i % 4,
      status,
      active,
      projectIds[i % PROJECTS_PER_OWNER],
      clientId,
      status === 2 ? created : null,
      created,
      created,
      1,
    ];
  });
  await insertRows(
    client,
    'tasks',
    [
      'owner_id',
      'client_task_id',
      'number_scope',
      'title',
      'description',
      'date',
      'priority',
      'status',
      'active',
      'project_id',
      'client_id',
      'completed_at',
      'created_at',
      'updated_at',
      'version',
    ],
    taskRows,
  );
  await insertRows(
    client,
    'task_numbers',
    ['owner_id', 'scope', 'last_value'],
    [...numbers].map(([scope, last]) => [userId, scope, last]),
  );
  const timeRows = Array.from({ length: times }, (_, i) => [
    userId,
    30 + (i % 90),
    `Worked on ${WORDS[i % WORDS.length]}`,
    wallClock(START + (i % 365) * DAY_MS),
    clientIds[i % CLIENTS_PER_OWNER],
    START + i * 1000,
    START + i * 1000,
  ]);
  await insertRows(
    client,
    'time_records',
    ['owner_id', 'time_really', 'description', 'date', 'client_id', 'created_at', 'updated_at'],
    timeRows,
  );
  const [first] = await client.all('select min(id) as id from tasks where owner_id = ?', [userId]);
  return { userId, tasks, firstTaskId: Number(first?.id), clientIds, projectIds };
};

/** Each seeded task's creation entry in its history, as the service writes it. */
export const seedHistory = (client: Db): Promise<unknown> =>
  client.transaction((tx) =>
    tx.all(
      'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) ' +
        'select t.id, null, t.status, t.owner_id, t.created_at from tasks t ' +
        'where not exists (select 1 from task_status_history h where h.task_id = t.id)',
    ),
  );
