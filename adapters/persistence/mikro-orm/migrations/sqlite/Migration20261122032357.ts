import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032357 extends Migration {
  override name = 'Migration20261122032357';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`time_records\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`time_really\` integer not null, \`description\` text null, \`date\` text null, \`client_id\` integer null, \`project_id\` integer null, \`task_id\` integer null, \`category_id\` integer null, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`time_records_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict, constraint \`time_records_client_id_foreign\` foreign key (\`client_id\`) references \`clients\` (\`id\`) on delete restrict, constraint \`time_records_project_id_foreign\` foreign key (\`project_id\`) references \`projects\` (\`id\`) on delete restrict, constraint \`time_records_task_id_foreign\` foreign key (\`task_id\`) references \`tasks\` (\`id\`) on delete set null, constraint \`time_records_category_id_foreign\` foreign key (\`category_id\`) references \`categories\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`time_records_owner_id_index\` on \`time_records\` (\`owner_id\`);`);
    this.addSql(`create index \`time_records_client_id_index\` on \`time_records\` (\`client_id\`);`);
    this.addSql(`create index \`time_records_project_id_index\` on \`time_records\` (\`project_id\`);`);
    this.addSql(`create index \`time_records_task_id_index\` on \`time_records\` (\`task_id\`);`);
    this.addSql(`create index \`time_records_category_id_index\` on \`time_records\` (\`category_id\`);`);
    this.addSql(`create index \`time_records_owner_index\` on \`time_records\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`notes\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`description\` text null, \`active\` integer not null default true, \`date\` text null, \`client_id\` integer null, \`project_id\` integer null, \`task_id\` integer null, \`category_id\` integer null, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`notes_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict, constraint \`notes_client_id_foreign\` foreign key (\`client_id\`) references \`clients\` (\`id\`) on delete restrict, constraint \`notes_project_id_foreign\` foreign key (\`project_id\`) references \`projects\` (\`id\`) on delete restrict, constraint \`notes_task_id_foreign\` foreign key (\`task_id\`) references \`tasks\` (\`id\`) on delete set null, constraint \`notes_category_id_foreign\` foreign key (\`category_id\`) references \`categories\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`notes_owner_id_index\` on \`notes\` (\`owner_id\`);`);
    this.addSql(`create index \`notes_client_id_index\` on \`notes\` (\`client_id\`);`);
    this.addSql(`create index \`notes_project_id_index\` on \`notes\` (\`project_id\`);`);
    this.addSql(`create index \`notes_task_id_index\` on \`notes\` (\`task_id\`);`);
    this.addSql(`create index \`notes_category_id_index\` on \`notes\` (\`category_id\`);`);
    this.addSql(`create index \`notes_owner_index\` on \`notes\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`cards\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`description\` text null, \`active\` integer not null default true, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`cards_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`cards_owner_id_index\` on \`cards\` (\`owner_id\`);`);
    this.addSql(`create index \`cards_owner_index\` on \`cards\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`money_records\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`type\` integer not null, \`price_cents\` bigint not null, \`card_id\` integer null, \`to_card_id\` integer null, \`description\` text null, \`date\` text null, \`client_id\` integer null, \`project_id\` integer null, \`task_id\` integer null, \`category_id\` integer null, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`money_records_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict, constraint \`money_records_card_id_foreign\` foreign key (\`card_id\`) references \`cards\` (\`id\`) on delete restrict, constraint \`money_records_to_card_id_foreign\` foreign key (\`to_card_id\`) references \`cards\` (\`id\`) on delete restrict, constraint \`money_records_client_id_foreign\` foreign key (\`client_id\`) references \`clients\` (\`id\`) on delete restrict, constraint \`money_records_project_id_foreign\` foreign key (\`project_id\`) references \`projects\` (\`id\`) on delete restrict, constraint \`money_records_task_id_foreign\` foreign key (\`task_id\`) references \`tasks\` (\`id\`) on delete set null, constraint \`money_records_category_id_foreign\` foreign key (\`category_id\`) references \`categories\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`money_records_owner_id_index\` on \`money_records\` (\`owner_id\`);`);
    this.addSql(`create index \`money_records_card_id_index\` on \`money_records\` (\`card_id\`);`);
    this.addSql(`create index \`money_records_to_card_id_index\` on \`money_records\` (\`to_card_id\`);`);
    this.addSql(`create index \`money_records_client_id_index\` on \`money_records\` (\`client_id\`);`);
    this.addSql(`create index \`money_records_project_id_index\` on \`money_records\` (\`project_id\`);`);
    this.addSql(`create index \`money_records_task_id_index\` on \`money_records\` (\`task_id\`);`);
    this.addSql(`create index \`money_records_category_id_index\` on \`money_records\` (\`category_id\`);`);
    this.addSql(`create index \`money_records_owner_index\` on \`money_records\` (\`owner_id\`, \`id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`time_records\`;`);
    this.addSql(`drop table if exists \`notes\`;`);
    this.addSql(`drop table if exists \`cards\`;`);
    this.addSql(`drop table if exists \`money_records\`;`);
  }
}
