import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Starts the real entry point as an operator would, and returns how it ended. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe("Starting the server", () => {
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
});
