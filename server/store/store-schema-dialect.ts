import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";

/**
 * PostgreSQL as Kysely speaks it, but for what its migrator reads of the database: the tables of the connection's
 * own schema (the store's, by its search_path) and nothing else. Kysely's own introspection reads every table of
 * every schema and names each one (`pg_get_serial_sequence`, `has_schema_privilege`): another deployment's or test
 * run's schema dropped during that read failed the migration here, with invalid_schema_name, undefined_table or
 * undefined_column depending on the moment. One schema's catalogue rows, read by its name, do not race another's drop.
 */
export class StoreSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new StoreSchemaIntrospector(db);
  }
}

/** The migrator asks which schemas and tables exist, by name: this schema, and its tables without their columns. */
class StoreSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(this.db);
    return rows.map(({ name, schema, kind }) => ({ name, schema, isView: kind === "v" || kind === "m", columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
