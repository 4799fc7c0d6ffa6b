import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { spawnServer, startServer, stopServer, type ServerProcess, type StartOptions } from "./server-process";

/**
 * For a test file of servers in processes of their own: `start` starts one and waits until it listens, `spawn` only
 * starts it (for a start expected to fail), either stopped after the test; `cleanups`
 * takes what else a test opens (a database, a relay), closed after it in reverse order before its servers stop;
 * `tempDir` makes a folder, removed once the file is done.
 */
export function processHarness(prefix: string) {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await Promise.all(servers.splice(0).map(stopServer));
  });

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  return {
    cleanups,
    tempDir: () => {
      const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
      dirs.push(dir);
      return dir;
    },
    start: async (options: StartOptions) => {
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    spawn: (...options: Parameters<typeof spawnServer>) => {
      const server = spawnServer(...options);
      servers.push(server);
      return server;
    },
  };
}
