import path from "node:path";
import pg from "pg";
import { testDatabaseUrl } from "../../server/test-support/databases";
import { startServer, stopServer, type ServerProcess } from "../../server/test-support/server-process";
import { test } from "./fixtures";

/**
 * Several servers of the build under test sharing one PostgreSQL, as behind a balancer (issue 19): on a schema of
 * their own, made before and dropped after. Where PostgreSQL cannot be reached the tests are skipped and say so,
 * except under CI, where they fail: CI is where the shared store must be proved.
 */

/** The servers started here serve the build under test, not the least site the server's own tests start with. */
export const builtSite = path.resolve("build/client");

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starts a server on each port before the describe block's tests, on one schema named after `name`, and stops them
 * after; each test calls `requirePostgres()` first. The environment is each server's, beside the database's.
 */
export function serversOnOnePostgres(name: string, ports: readonly number[], env: Record<string, string>) {
  const schema = `e2e_${name}_${String(process.pid)}`;
  let unavailable: string | null = null;
  const servers: ServerProcess[] = [];

  test.beforeAll(async () => {
    unavailable = await reachable();
    if (unavailable !== null && process.env.CI) throw new Error(`PostgreSQL is required under CI: ${unavailable}`);
    if (unavailable !== null) return;
    await admin(`create schema ${schema}`);
    const url = new URL(testDatabaseUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    servers.push(
      ...(await Promise.all(
        ports.map((port) => startServer({ port, env: { ...env, CLIENT_DIR: builtSite, DATABASE_URL: url.href } })),
      )),
    );
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    if (unavailable === null) await admin(`drop schema if exists ${schema} cascade`);
  });

  return {
    /** Skips the test, saying why, where PostgreSQL cannot be reached (never under CI: beforeAll failed there). */
    requirePostgres: () => {
      test.skip(unavailable !== null, `PostgreSQL cannot be reached at ${testDatabaseUrl}: ${unavailable ?? ""}`);
    },
  };
}
