/**
 * Opened without migrating (`migrate: false`) on a database this build needs migrated: said at open,
 * naming what is pending, rather than failing on the first call that meets a missing table.
 */
export class PendingMigrations extends Error {
  override readonly name = 'PendingMigrations';

  constructor(readonly names: readonly string[]) {
    const shown =
      names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    super(
      `${names.length} migration${names.length === 1 ? ' is' : 's are'} pending (${shown}): open it with migrate: true, or run \`npm run cli -- db migrate\``,
    );
  }
}

/** The migrations of `known` (oldest first) that `applied` does not name: what is pending. */
export const notApplied = (known: readonly string[], applied: Iterable<unknown>): string[] => {
  const done = new Set(applied);
  return known.filter((name) => !done.has(name));
};
