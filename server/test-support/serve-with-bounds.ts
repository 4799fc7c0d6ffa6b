import { listeningAnnouncement } from "../../common/api-contract";
import { selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";
import { buildApp } from "../app";
import { loadConfig, votingWindow } from "../config";
import type { ConnectionBounds } from "../connections";
import { openSqliteStore } from "../store/sqlite";

/**
 * The server's app in a process of its own, configured from the environment as `npm start` is, but with the
 * connection bounds given as JSON in the first argument (milliseconds, see ConnectionBounds) and a live stream's
 * heartbeat in the second, so that a test of slow requests does not wait 30 s for each. Votes live in memory.
 */
const [boundsJson = "", heartbeatMs = ""] = process.argv.slice(2);
const connectionBounds = JSON.parse(boundsJson) as ConnectionBounds;
const config = loadConfig(process.env);
const { id, edition } = loadEdition(selectedEditionId());
const store = await openSqliteStore(":memory:", id);
const app = await buildApp({
  clientDir: config.CLIENT_DIR,
  edition,
  store,
  votingWindow: votingWindow(config, edition.event.voting),
  trustProxy: config.TRUST_PROXY,
  limits: { votes: config.RATE_LIMIT_VOTES, reads: config.RATE_LIMIT_READS },
  maxConnections: config.MAX_CONNECTIONS,
  maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  liveHeartbeatMs: Number(heartbeatMs),
  connectionBounds,
});
await app.listen({ port: config.PORT, host: config.HOST });
process.stdout.write(`${listeningAnnouncement} http://${config.HOST}:${String(config.PORT)}\n`);
