import { openPostgresStore } from "../store/postgres";
import { openSqliteStore } from "../store/sqlite";

/**
 * Run as its own process by the contract tests, to stand for a second server starting on the same database:
 * `sqlite <file>` or `postgres <url> <schema>`. Opens (and so migrates) the store, prints its cookie key, exits.
 */
const [engine, target, schema] = process.argv.slice(2);
if (!target) throw new Error("usage: open-store-once.ts sqlite <file> | postgres <url> <schema>");
const store = engine === "postgres" ? await openPostgresStore(target, { schema }) : await openSqliteStore(target);
process.stdout.write(await store.cookieSecret());
await store.close();
