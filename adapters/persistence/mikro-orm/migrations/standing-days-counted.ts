/**
 * Standing completions per day are counted from the completions themselves, over an index that
 * ends in the day, instead of kept in `completion_days` by every completion and take-back: a
 * status change writes one statement fewer, and there is one table less to keep true. Written once
 * for both dialects: only the quoting and the day's type differ.
 */
export const standingDaysCounted = (dialect: 'sqlite' | 'postgresql'): { up: string[]; down: string[] } => {
  const q = (name: string) => (dialect === 'sqlite' ? `\`${name}\`` : `"${name}"`);
  const index = (columns: readonly string[]) =>
    `create index ${q('task_completions_user_index')} on ${q('task_completions')} (${columns.map(q).join(', ')});`;
  const dropIndex = `drop index ${q('task_completions_user_index')};`;
  const day = dialect === 'sqlite' ? 'text' : 'varchar(10)';
  return {
    up: [dropIndex, index(['user_id', 'revoked_at', 'day']), `drop table if exists ${q('completion_days')};`],
    down: [
      `create table ${q('completion_days')} (${q('user_id')} ${dialect === 'sqlite' ? 'integer' : 'int'} not null, ` +
        `${q('day')} ${day} not null, ${q('standing')} ${dialect === 'sqlite' ? 'integer' : 'int'} not null, ` +
        `primary key (${q('user_id')}, ${q('day')}));`,
      'insert into completion_days (user_id, day, standing) ' +
        'select user_id, day, count(*) from task_completions where revoked_at is null group by user_id, day;',
      dropIndex,
      index(['user_id', 'revoked_at']),
    ],
  };
};
