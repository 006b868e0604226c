import { Migration } from '@mikro-orm/migrations';

export class Migration20261123042029 extends Migration {
  override name = 'Migration20261123042029';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "idempotency_keys" ("owner_id" int not null, "idempotency_key" varchar(255) not null, "fingerprint" varchar(64) not null, "status" smallint null, "response_body" text null, "response_headers" text null, "started_at" bigint not null, "expires_at" bigint not null, primary key ("owner_id", "idempotency_key"));`,
    );
    this.addSql(`create index "idempotency_keys_expires_index" on "idempotency_keys" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }
}
