import { openPostgresStore } from "../store/postgres";
import { openSqliteStore } from "../store/sqlite";

/**
 * Run as its own process by the contract tests, to stand for a second server starting on the same database:
 * `<edition> sqlite <file>` or `<edition> postgres <url> <schema>`. Opens (and so migrates) the store, prints its
 * cookie key, exits.
 */
const [edition, engine, target, schema] = process.argv.slice(2);
if (!edition || !target) {
  throw new Error("usage: open-store-once.ts <edition> sqlite <file> | <edition> postgres <url> <schema>");
}
const store =
  engine === "postgres" ? await openPostgresStore(target, edition, { schema }) : await openSqliteStore(target, edition);
process.stdout.write(await store.cookieSecret());
await store.close();
