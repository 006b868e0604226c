import { Migration } from '@mikro-orm/migrations';

export class Migration20261123035410 extends Migration {
  override name = 'Migration20261123035410';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`rate_limit_windows\` (\`bucket\` text not null primary key, \`window_start\` bigint not null, \`hits\` integer not null);`,
    );
    this.addSql(
      `create index \`rate_limit_windows_start_index\` on \`rate_limit_windows\` (\`window_start\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`rate_limit_windows\`;`);
  }
}
