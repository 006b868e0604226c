import { Migration } from '@mikro-orm/migrations';

export class Migration20261123072038 extends Migration {
  override name = 'Migration20261123072038';

  override up(): void | Promise<void> {
    this.addSql(
      `create index \`time_records_newest_first_index\` on \`time_records\` (\`owner_id\`, \`date\`, \`id\`);`,
    );

    this.addSql(
      `create index \`money_records_newest_first_index\` on \`money_records\` (\`owner_id\`, \`date\`, \`id\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`money_records_newest_first_index\`;`);

    this.addSql(`drop index \`time_records_newest_first_index\`;`);
  }
}
