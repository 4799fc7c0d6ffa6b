import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverArgs } from "../../server/start-command";

/** Debian's Chromium, which Lighthouse and the screenshots drive (nothing may download a browser on these machines). */
export const chromiumPath = "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell, which the browser tests drive: the same engine as `chromiumPath` without the
 * browser's interface, and what Playwright itself runs for headless tests where it may download its browsers. It
 * took about a third less time than the full browser's headless mode on the same tests (decision 076).
 */
export const testBrowserPath = "/usr/bin/chromium-headless-shell";

/** The machines have no network but the registries: these flags stop Chromium's own background traffic. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A server started by `startBuiltServer`. */
export interface BuiltServer {
  url: string;
  port: number;
  /** The server's process. */
  pid: number | undefined;
  /** Stops the server and removes its store (unless the caller named it). */
  stop: () => void;
  /** Stops the server and resolves once the process has gone, its port free again; the store stays. */
  stopForRestart: () => Promise<void>;
}

/**
 * Our server on the build, on a free local port, with a vote store of its own that is removed afterwards. A test
 * that restarts the server names the port and the store (`at`), so that the second server takes the first's place
 * with its questions and votes, and `env` adds the server's settings (QUESTIONS_OPENS, MODERATOR_TOKEN ...).
 */
export async function startBuiltServer(
  options: { at?: { port: number; database: string }; env?: Record<string, string> } = {},
): Promise<BuiltServer> {
  const port = options.at?.port ?? (await freePort());
  const database = options.at?.database ?? path.join(tmpdir(), `glosaic-local-${String(port)}.sqlite`);
  const child: ChildProcess = spawn(process.execPath, serverArgs, {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_PATH: database,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = () => {
    child.kill("SIGTERM");
    if (options.at) return;
    for (const file of [database, `${database}-wal`, `${database}-shm`]) void rm(file, { force: true });
  };
  const stopForRestart = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("The server stopped before it answered (is there a build?)");
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, port, pid: child.pid, stop, stopForRestart };
    if (Date.now() > deadline) {
      stop();
      throw new Error(`The server did not answer on ${url} within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A port no one listens on now, from the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === "object" && address) resolve(address.port);
        else reject(new Error("No free port"));
      });
    });
  });
}
