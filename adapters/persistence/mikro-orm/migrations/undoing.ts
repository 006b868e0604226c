import { Migration } from '@mikro-orm/migrations';

export type MigrationClass = new (...args: ConstructorParameters<typeof Migration>) => Migration;

/**
 * A migration that takes an earlier one back: its `up` runs the earlier one's `down`, and its
 * `down` the earlier one's `up`, statement for statement. (Applied migrations are never edited.)
 */
export abstract class UndoingMigration extends Migration {
  /** The migration taken back. */
  protected abstract readonly earlier: MigrationClass;

  private async replay(run: (earlier: Migration) => void | Promise<void>): Promise<void> {
    const earlier = new this.earlier(this.driver, this.config);
    await run(earlier);
    for (const query of earlier.getQueries()) this.addSql(query);
  }

  override up(): Promise<void> {
    return this.replay((earlier) => earlier.down());
  }

  override down(): Promise<void> {
    return this.replay((earlier) => earlier.up());
  }
}
