import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { edition } from "../content";
import { runToExit } from "./test-support/server-process";

// The vote store opens before the site loads: keep its file out of the working tree.
const dataDir = mkdtempSync(path.join(tmpdir(), "glosaic-start-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real entry point as an operator would, and returns how it ended. */
const start = (env: Record<string, string>) => runToExit(dataDir, env);

// Each case spawns Node: seconds on a busy shared machine. The budget stops hangs, not slowness.
describe("Starting the server", { timeout: 30_000 }, () => {
  it("stops with exit code 1 and one clear line on a bad setting", () => {
    const { status, stderr } = start({ PORT: "not-a-port" });
    expect(status).toBe(1);
    expect(stderr).toBe('Invalid configuration: PORT must be a number (got "not-a-port")');
  });

  it("stops with exit code 1 and one clear line when there is no build to serve", () => {
    const { status, stderr } = start({ CLIENT_DIR: "no/such/build", PORT: "0" });
    expect(status).toBe(1);
    expect(stderr).toBe("No built site in no/such/build: run `npm run build` first");
  });

  it("stops with exit code 1 and one clear line when the vote store cannot be opened", () => {
    const unreachable = start({ DATABASE_URL: "postgres://glosaic:secret@127.0.0.1:1/votes", PORT: "0" });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(/^Cannot open the vote store at PostgreSQL \(DATABASE_URL\): .*ECONNREFUSED/);
    expect(unreachable.stderr).not.toContain("secret");

    // A folder that is a file: the store cannot be created there.
    const file = path.join(dataDir, "not-a-folder");
    writeFileSync(file, "");
    const unwritable = start({ DATABASE_PATH: path.join(file, "votes.sqlite"), PORT: "0" });
    expect(unwritable.status).toBe(1);
    expect(unwritable.stderr).toMatch(/^Cannot open the vote store at .*not-a-folder\/votes\.sqlite: /);
    expect(unwritable.stderr.split("\n")).toHaveLength(1);
  });

  it("stops with exit code 1 when the voting window closes before it opens", () => {
    // Opening a day after the edition's own window closes.
    const closes = new Date(edition.event.voting.closes);
    const opens = new Date(closes.getTime() + 24 * 60 * 60 * 1000);
    const { status, stderr } = start({ VOTING_OPENS: opens.toISOString(), PORT: "0" });
    expect(status).toBe(1);
    expect(stderr).toBe(
      `Invalid configuration: voting must close after it opens (opens ${opens.toISOString()}, closes ${closes.toISOString()})`,
    );
  });
});
