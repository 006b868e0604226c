import { Migration } from '@mikro-orm/migrations';

export type MigrationDialect = 'sqlite' | 'postgresql';

/** How `dialect` quotes an identifier: SQLite as MikroORM writes it (backticks), PostgreSQL with double quotes. */
export const identifierQuote =
  (dialect: MigrationDialect) =>
  (name: string): string =>
    dialect === 'sqlite' ? `\`${name}\`` : `"${name}"`;

/** A table's id column as `dialect` writes it: SQLite's autoincrement, PostgreSQL's serial. */
export const idColumnSql = (dialect: MigrationDialect): string =>
  dialect === 'sqlite'
    ? `${identifierQuote(dialect)('id')} integer not null primary key autoincrement`
    : `${identifierQuote(dialect)('id')} serial primary key`;

/** A 32-bit integer column's type in `dialect`. */
export const intSql = (dialect: MigrationDialect): string => (dialect === 'sqlite' ? 'integer' : 'int');

/** A migration's statements, as one function writes them for either dialect. */
export interface MigrationStatements {
  readonly up: readonly string[];
  readonly down: readonly string[];
}

/**
 * A migration whose statements are written once for both dialects (`webhook-tables.ts`,
 * `covered-indexes.ts`, `task-filter-indexes.ts`): each dialect's class names itself and its
 * statements; `up` and `down` add them in order.
 */
export abstract class StatementsMigration extends Migration {
  protected abstract statements(): MigrationStatements;

  override up(): void {
    for (const sql of this.statements().up) this.addSql(sql);
  }

  override down(): void {
    for (const sql of this.statements().down) this.addSql(sql);
  }
}
