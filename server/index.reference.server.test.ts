import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runToExit } from "./test-support/server-process";

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
const start = (env: Record<string, string>) => runToExit(dataDir, env);

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
