/** Each resource's table, in the order their entries are numbered. */
const OWNED_TABLES = [
  ['clients', 'clients'],
  ['projects', 'projects'],
  ['notes', 'notes'],
  ['categories', 'categories'],
  ['cards', 'cards'],
  ['times', 'time_records'],
  ['moneys', 'money_records'],
] as const;

/** Who sees what: a task its owner and its assignee, any other record its owner. */
const VISIBLE = [
  "select owner_id as user_id, 'tasks' as resource, 0 as ord, id as record_id, updated_at as changed_at from tasks",
  "select assignee_id, 'tasks', 0, id, updated_at from tasks where assignee_id is not null and assignee_id <> owner_id",
  ...OWNED_TABLES.map(
    ([resource, table], index) =>
      `select owner_id, '${resource}', ${index + 1}, id, updated_at from ${table}`,
  ),
].join(' union all ');

/**
 * A `created` entry for every record there is, after whatever each user's log already holds: a sync
 * from the beginning reads the records written before the log existed too (a record logged since
 * appears twice, which a client applying the feed cannot tell from once). The same SQL on SQLite
 * and PostgreSQL.
 */
export const CHANGE_LOG_BACKFILL = [
  'insert into change_log (user_id, seq, resource, record_id, operation, changed_at) ' +
    'select v.user_id, coalesce((select s.last_seq from change_sequences s where s.user_id = v.user_id), 0) + ' +
    'row_number() over (partition by v.user_id order by v.ord, v.record_id), ' +
    `v.resource, v.record_id, 'created', v.changed_at from (${VISIBLE}) v`,
  // `where true`: SQLite reads an upsert's `on conflict` after a bare select as a join's.
  'insert into change_sequences (user_id, last_seq) select user_id, max(seq) from change_log where true ' +
    'group by user_id on conflict (user_id) do update set last_seq = excluded.last_seq',
];
