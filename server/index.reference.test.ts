import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serverArgs } from "../scripts/server-command";

/*
 * Starting the server on the reference edition, whose voting window (December 2023) the message names.
 * index.test.ts checks the same on any edition.
 */

// The vote store opens before the site loads: keep its file out of the working tree.
const dataDir = mkdtempSync(path.join(tmpdir(), "glosaic-start-reference-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real entry point as an operator would, and returns how it ended. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, serverArgs, {
    env: { ...process.env, LOG_LEVEL: "silent", DATABASE_PATH: path.join(dataDir, "votes.sqlite"), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

// Each case spawns Node: seconds on a busy shared machine. The budget stops hangs, not slowness.
describe("Starting the server on the reference edition", { timeout: 30_000 }, () => {
  it("stops with exit code 1 when the voting window closes before it opens", () => {
    const { status, stderr } = start({ VOTING_OPENS: "2024-01-01T00:00:00Z", PORT: "0" });
    expect(status).toBe(1);
    expect(stderr).toBe(
      "Invalid configuration: voting must close after it opens (opens 2024-01-01T00:00:00.000Z, closes 2023-12-31T00:00:00.000Z)",
    );
  });
});
