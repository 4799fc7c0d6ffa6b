import net from "node:net";
import { listeningAnnouncement } from "../common/api-contract";
import { builtEditionId, selectedEditionId } from "../content/editions";
import { loadEdition } from "../content/load-edition";
import { buildApp } from "./app";
import { connectionCaps, openFilesSoftLimit, processLimits } from "./connections";
import { ConfigError, loadConfig, questionWindowOverride, votingWindow } from "./config";
import { openStore } from "./store";
import { StoreOpenError } from "./store/errors";

/**
 * How long SIGTERM waits for requests in flight. A vote takes milliseconds; the bound is for a client that stalls.
 * It stays under the 10 s that `docker stop` (and many orchestrators) wait before SIGKILL, so the store is closed
 * by us rather than the process killed mid-write.
 */
const drainBoundMs = 8000;

/**
 * Starts the server from the environment: settings, then the vote store (opened, migrated, seeded), then the site.
 * A bad setting, an unreachable database or a missing build stops it with one clear line.
 */
async function main() {
  const config = loadConfig(process.env);
  // The server serves the edition its build was made from (build/edition.json); EDITION, if set, must agree.
  const built = builtEditionId(config.CLIENT_DIR);
  const asked = process.env.EDITION?.trim();
  if (built && asked && asked !== built) {
    throw new Error(
      `The build in ${config.CLIENT_DIR} is of edition ${built}, but EDITION is ${asked}: build that edition first`,
    );
  }
  // Loaded here rather than at import, so that an unknown or invalid edition is reported in one line too.
  const { id: editionId, edition } = loadEdition(built ?? selectedEditionId());
  const window = votingWindow(config, edition.event.voting);
  const questionWindow = questionWindowOverride(config);
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    databasePath: config.DATABASE_PATH,
    edition: editionId,
    timeoutMs: config.DATABASE_TIMEOUT_SECONDS * 1000,
  }).catch((error: unknown) => {
    // The store's own account already names the file and says what is wrong with it.
    if (error instanceof StoreOpenError) throw error;
    const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : config.DATABASE_PATH;
    throw new Error(
      `Cannot open the vote store at ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  // Behind a proxy every connection comes from the proxy: no cap per address (the proxy's limit_conn does that job).
  const caps = connectionCaps(
    {
      maxConnections: config.MAX_CONNECTIONS,
      maxConnectionsPerAddress: config.TRUST_PROXY > 0 ? undefined : config.MAX_CONNECTIONS_PER_ADDRESS,
    },
    openFilesSoftLimit(processLimits()),
  );
  if (caps.warning) console.warn(caps.warning);
  const app = await buildApp({
    clientDir: config.CLIENT_DIR,
    edition,
    logLevel: config.LOG_LEVEL,
    store,
    votingWindow: window,
    trustProxy: config.TRUST_PROXY,
    hsts: config.BEHIND_HTTPS,
    origins: config.ALLOWED_ORIGINS,
    newVotersPerMinute: config.RATE_LIMIT_NEW_VOTERS,
    maxStreamsPerAddress: config.MAX_STREAMS_PER_ADDRESS,
    limits: { votes: config.RATE_LIMIT_VOTES, reads: config.RATE_LIMIT_READS },
    maxLiveStreams: config.MAX_LIVE_STREAMS,
    voteHashKey: config.VOTE_HASH_KEY,
    adminToken: config.ADMIN_TOKEN,
    moderatorToken: config.MODERATOR_TOKEN,
    questionWindow,
    questionLimits: {
      asksPerAddress: config.RATE_LIMIT_QUESTIONS,
      upvotesPerAddress: config.RATE_LIMIT_UPVOTES,
      asksPerVoter: config.RATE_LIMIT_QUESTIONS_PER_VOTER,
      upvotesPerVoter: config.RATE_LIMIT_UPVOTES_PER_VOTER,
    },
    maxQuestionStreams: config.MAX_QUESTION_STREAMS,
    maxShowStreams: config.MAX_SHOW_STREAMS,
    maxConnections: caps.maxConnections,
    ...(caps.maxConnectionsPerAddress === undefined ? {} : { maxConnectionsPerAddress: caps.maxConnectionsPerAddress }),
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });

  // Stop taking connections, let requests in flight finish, close the store, then exit 0. Idle keep-alive
  // connections are closed at once (Node's server.close does that), and a connection whose request finishes
  // during the drain is told "Connection: close", so none keeps the process for its keep-alive timeout. A request
  // that does not finish within the bound is cut, and the exit code says so.
  let stopping = false;
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (stopping) void reply.header("connection", "close");
    done(null, payload);
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: closing`);
    setTimeout(() => {
      console.error(`Requests still open ${drainBoundMs / 1000} s after ${signal}: closing them and exiting`);
      app.server.closeAllConnections();
      process.exit(1);
    }, drainBoundMs).unref();
    // Stop listening before anything else. Node's http close() (which Fastify's calls) ends the idle connections
    // first and the listening socket after them, milliseconds apart on a cold code path (measured with strace): a
    // client whose idle connection was just closed could reconnect in between, be accepted into the backlog, and
    // then be reset. net.Server's own close() ends only the listener; the rest follows as before.
    net.Server.prototype.close.call(app.server);
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  console.log(`${listeningAnnouncement} http://${host}:${port}`);
}

main().catch((error: unknown) => {
  // Configuration and start-up problems are the operator's to fix: one line, no stack trace.
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(message.replace(/\s*\n\s*/g, " "));
  process.exit(1);
});
