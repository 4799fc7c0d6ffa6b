import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

/** Starts the server from the environment; a bad setting or a missing build stops it with one clear line. */
async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp({ clientDir: config.CLIENT_DIR, logLevel: config.LOG_LEVEL });

  // Stop taking connections, let requests in flight finish, then exit.
  const shutdown = (signal: string) => {
    app.log.info(`${signal} received: closing`);
    app.close().then(
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
