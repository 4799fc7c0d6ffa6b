import { edition } from "../content";
import { buildApp } from "./app";
import { ConfigError, loadConfig, votingWindow } from "./config";
import { openStore } from "./store";

/**
 * Starts the server from the environment: settings, then the vote store (opened, migrated, seeded), then the site.
 * A bad setting, an unreachable database or a missing build stops it with one clear line.
 */
async function main() {
  const config = loadConfig(process.env);
  const window = votingWindow(config, edition.event.voting);
  const store = await openStore({ databaseUrl: config.DATABASE_URL, databasePath: config.DATABASE_PATH }).catch(
    (error: unknown) => {
      const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : config.DATABASE_PATH;
      throw new Error(
        `Cannot open the vote store at ${where}: ${error instanceof Error ? error.message : String(error)}`,
      );
    },
  );
  const app = await buildApp({
    clientDir: config.CLIENT_DIR,
    logLevel: config.LOG_LEVEL,
    store,
    votingWindow: window,
    trustProxy: config.TRUST_PROXY,
    hsts: config.BEHIND_HTTPS,
    limits: { votes: config.RATE_LIMIT_VOTES, reads: config.RATE_LIMIT_READS },
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });

  // Stop taking connections, let requests in flight finish, close the store, then exit.
  const shutdown = (signal: string) => {
    app.log.info(`${signal} received: closing`);
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  console.log(`GLOSAIC site and API on http://${host}:${port}`);
}

main().catch((error: unknown) => {
  // Configuration and start-up problems are the operator's to fix: one line, no stack trace.
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
