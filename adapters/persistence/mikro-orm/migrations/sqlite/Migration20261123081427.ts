import { Migration } from '@mikro-orm/migrations';

export class Migration20261123081427 extends Migration {
  override name = 'Migration20261123081427';

  override up(): void | Promise<void> {
    this.addSql(
      `create index \`tasks_project_status_index\` on \`tasks\` (\`project_id\`, \`status\`, \`date\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`tasks_project_status_index\`;`);
  }
}
