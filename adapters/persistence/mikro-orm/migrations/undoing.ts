import { Migration } from '@mikro-orm/migrations';

export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * A migration that takes earlier ones back: its `up` runs their `down`s, the latest first, and its
 * `down` their `up`s, oldest first, statement for statement. (Applied migrations are never edited.)
 */
export abstract class UndoingMigration extends Migration {
  /** The migration, or the migrations oldest first, taken back. */
  protected abstract readonly earlier: MigrationClass | readonly MigrationClass[];

  private async replay(
    order: (classes: readonly MigrationClass[]) => readonly MigrationClass[],
    run: (earlier: Migration) => void | Promise<void>,
  ): Promise<void> {
    const classes = Array.isArray(this.earlier) ? this.earlier : [this.earlier];
    for (const migration of order(classes)) {
      const earlier = new migration(this.driver, this.config);
      await run(earlier);
      for (const query of earlier.getQueries()) this.addSql(query);
    }
  }

  override up(): Promise<void> {
    return this.replay(
      (classes) => [...classes].reverse(),
      (earlier) => earlier.down(),
    );
  }

  override down(): Promise<void> {
    return this.replay(
      (classes) => classes,
      (earlier) => earlier.up(),
    );
  }
}
