import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, stopServer, type ServerProcess } from "../../server/test-support/server-process";
import { test } from "./fixtures";
import { votingOpenEnvironment } from "./servers";
import { builtSite } from "./shared-store-servers";

/**
 * A server of the build under test for one spec file alone, voting and questions open, with the moderator's token,
 * on a store of its own: for tests that change what every page of a server shows (the show: a stage's delay, the
 * session on stage, the announcement), which would move what the other specs, sharing the suite's servers, look at.
 * Started before the file's tests and stopped after; the file's tests run in turn (one worker, one server).
 */
export function ownServer(port: number): string {
  let server: ServerProcess | undefined;
  let folder = "";
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "glosaic-e2e-own-"));
    server = await startServer({
      port,
      env: {
        ...votingOpenEnvironment(),
        CLIENT_DIR: builtSite,
        DATABASE_PATH: path.join(folder, "store.sqlite"),
        RATE_LIMIT_NEW_VOTERS: "100000",
      },
    });
  });

  test.afterAll(async () => {
    await stopServer(server);
    await rm(folder, { recursive: true, force: true });
  });

  return `http://127.0.0.1:${String(port)}`;
}
