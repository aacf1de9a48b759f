import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from '../tenantPolicy.js';

/**
 * The organisation's price list (fee configuration): a price per case type, country (null for all
 * countries), fee item and the date it applies from. The operation log keeps the client's address,
 * and its entries are named by operation ids, so each reads as its operation's Chinese name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fee_prices (
      id integer generated always as identity primary key,
      org_id integer not null references organisations(id),
      case_type text not null,
      country_code text,
      fee_item text not null check (fee_item in ('agency', 'official', 'sundry')),
      amount numeric(12, 2) not null check (amount >= 0),
      currency text not null,
      effective_from date not null,
      note text,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    );
    create unique index fee_prices_one_price on fee_prices (org_id, case_type, coalesce(country_code, '*'), fee_item, effective_from);
    alter table operation_log add column client_ip text;
    -- The log's filters: by operation (also how the operations present are found), by person.
    create index operation_log_operation_idx on operation_log (org_id, operation, created_at desc);
    create index operation_log_user_idx on operation_log (org_id, user_id, created_at desc);
    update operation_log set client_ip = detail->>'ip', detail = detail - 'ip' where operation = 'auth.login' and detail ? 'ip';
    update operation_log set detail = jsonb_build_object('method', case detail->>'method' when 'sso' then '单点登录' else '账号密码' end)
      where operation = 'auth.login' and detail ? 'method';
    update operation_log set operation = 'user.save', detail = detail || '{"created": true}' where operation = 'user.add';
    update operation_log set operation = 'user.save' where operation = 'user.modify';
    update operation_log set operation = 'role.save', detail = detail || '{"created": true}' where operation = 'role.add';
    update operation_log set operation = 'role.save' where operation = 'role.modify';
    update operation_log set operation = 'enterprise.modifyInfo' where operation = 'enterprise.modify';
    update operation_log set operation = 'enterprise.deleteInfo' where operation = 'enterprise.delete';
    -- A detail names its fields as the operation's request does, so the log can show their titles.
    update operation_log set detail = (detail - 'userId') || jsonb_build_object('id', detail->'userId')
      where operation in ('user.save', 'user.delete', 'user.resetPassword') and detail ? 'userId';
    update operation_log set detail = (detail - 'departmentId') || jsonb_build_object('id', detail->'departmentId')
      where operation in ('department.save', 'department.delete') and detail ? 'departmentId';
    update operation_log set detail = (detail - 'roleId') || jsonb_build_object('id', detail->'roleId')
      where operation in ('role.save', 'role.copy', 'role.delete') and detail ? 'roleId';
  `.execute(db);
  await enableTenantIsolation(db, 'fee_prices');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update operation_log set detail = (detail - 'id') || jsonb_build_object('roleId', detail->'id')
      where operation in ('role.save', 'role.copy', 'role.delete') and detail ? 'id';
    update operation_log set operation = 'role.add', detail = detail - 'created' where operation = 'role.save' and detail ? 'created';
    update operation_log set operation = 'role.modify' where operation = 'role.save';
    update operation_log set detail = (detail - 'id') || jsonb_build_object('departmentId', detail->'id')
      where operation in ('department.save', 'department.delete') and detail ? 'id';
    update operation_log set detail = (detail - 'id') || jsonb_build_object('userId', detail->'id')
      where operation in ('user.save', 'user.delete', 'user.resetPassword') and detail ? 'id';
    update operation_log set operation = 'user.add', detail = detail - 'created' where operation = 'user.save' and detail ? 'created';
    update operation_log set operation = 'user.modify' where operation = 'user.save';
    update operation_log set operation = 'enterprise.modify' where operation = 'enterprise.modifyInfo';
    update operation_log set operation = 'enterprise.delete' where operation = 'enterprise.deleteInfo';
    update operation_log set detail = jsonb_build_object('method', case detail->>'method' when '单点登录' then 'sso' else 'password' end)
      where operation = 'auth.login' and detail ? 'method';
    update operation_log set detail = detail || jsonb_build_object('ip', client_ip) where operation = 'auth.login' and client_ip is not null;
    drop index operation_log_user_idx;
    drop index operation_log_operation_idx;
    alter table operation_log drop column client_ip;
    drop table fee_prices;
  `.execute(db);
}
