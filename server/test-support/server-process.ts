import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { issuedVoterCookie, listeningAnnouncement } from "../../common/api-contract";
import { serverArgs } from "../start-command";

/** The server as an operator runs it (`npm start`), in a process of its own, for tests that kill or stop it. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** How the process ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to standard output (its log) and standard error so far. */
  stdout(): string;
  stderr(): string;
}

export interface StartOptions {
  port: number;
  env?: Record<string, string>;
  /**
   * Let file permissions stop the server even when the tests run as root (see dropOverrideArgs): for the cases
   * about files the server may not write.
   */
  permissionsApply?: boolean;
  /** What Node runs instead of the compiled server: a script of test-support's, with its arguments. */
  nodeArgs?: readonly string[];
  /** Start it under `ulimit -n`: this many open files at most. */
  openFilesLimit?: number;
}

/**
 * The site a server started by these tests serves unless a test names one (CLIENT_DIR): the least a server starts
 * with, a home page, made once per process. The tests of the server's process need no build, and a build left in
 * build/ from another edition would make the server refuse the edition the tests run on.
 */
let leastSite: string | undefined;
function leastSiteDir(): string {
  if (!leastSite) {
    leastSite = mkdtempSync(path.join(tmpdir(), "glosaic-least-site-"));
    writeFileSync(path.join(leastSite, "index.html"), "<!doctype html><title>Home</title>");
  }
  return leastSite;
}

/** Voting open around now, so the tests can vote whatever the date. */
export const votingOpenEnv = { VOTING_OPENS: "2020-01-01T00:00:00Z", VOTING_CLOSES: "2099-01-01T00:00:00Z" };

const asRoot = process.getuid?.() === 0;

/**
 * Root passes every permission check through two capabilities: CAP_DAC_OVERRIDE (write anything) and
 * CAP_DAC_READ_SEARCH (read anything). setpriv (util-linux) drops them from the bounding set before it starts the
 * server, which then stays root, owner of the files the tests made, and finds the permission bits applied as to
 * any owner. It still reads the checkout wherever root can, even under a private folder such as /root, where a
 * switch to another user (nobody) could not even load the server's code.
 */
const setpriv = "setpriv";
const dropOverrideArgs = ["--bounding-set=-dac_override,-dac_read_search", "--"];

/** Throws a clear error when root cannot drop those capabilities here, rather than letting a case fail obscurely. */
function checkCanDropOverride() {
  const check = spawnSync(setpriv, [...dropOverrideArgs, process.execPath, "-e", ""]);
  if (check.error || check.status !== 0) {
    throw new Error(
      `Running as root, the permission cases drop CAP_DAC_OVERRIDE with setpriv (util-linux), which failed: ${
        check.error?.message ?? check.stderr.toString().trim()
      }`,
    );
  }
}

/** Spawns the server as `npm start` runs it; the process has not necessarily started listening yet. */
export function spawnServer({
  port,
  env = {},
  permissionsApply = false,
  nodeArgs = serverArgs,
  openFilesLimit,
}: StartOptions): ServerProcess {
  const dropOverride = permissionsApply && asRoot;
  if (dropOverride) checkCanDropOverride();
  const node = [process.execPath, ...nodeArgs];
  const [command, args] = dropOverride
    ? [setpriv, [...dropOverrideArgs, ...node]]
    : openFilesLimit === undefined
      ? [process.execPath, nodeArgs]
      : ["bash", ["-c", `ulimit -n ${String(openFilesLimit)} && exec "$@"`, "bash", ...node]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      CLIENT_DIR: leastSiteDir(),
      // Every vote in these tests comes from one address.
      RATE_LIMIT_VOTES: "1000000",
      RATE_LIMIT_READS: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  // Read both as they come, so a full pipe never blocks the server.
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, port, exited, stdout: () => stdout, stderr: () => stderr };
}

/**
 * Spawns the server and resolves once it listens; rejects with its standard error if it exits instead. Port 0 lets
 * the system pick a free port, which the server announces: for tests that may run beside others on the machine.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const server = spawnServer(options);
  const announced = new RegExp(`${listeningAnnouncement} http://\\S+:(\\d+)`);
  const listening = new Promise<number>((resolve) => {
    const check = () => {
      const port = announced.exec(server.stdout())?.[1];
      if (port === undefined) return;
      server.child.stdout?.off("data", check);
      resolve(Number(port));
    };
    server.child.stdout?.on("data", check);
  });
  const failed = server.exited.then(({ code, signal }): never => {
    throw new Error(`The server exited (${code ?? signal}) before listening: ${server.stderr()}`);
  });
  return { ...server, port: await Promise.race([listening, failed]) };
}

/** Stops a server a test started, if it still runs, and waits for it to end. */
export async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}

export interface JsonResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** One HTTP request on its own connection, with a JSON body read when there is one. */
export function request(
  port: number,
  method: string,
  path: string,
  { headers = {}, agent }: { headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: "127.0.0.1", port, method, path, headers, agent: agent ?? false });
    outgoing.on("error", reject);
    outgoing.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("error", reject);
      response.on("end", () => {
        const json = response.headers["content-type"]?.startsWith("application/json");
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: json ? JSON.parse(text) : text });
      });
    });
    outgoing.end();
  });
}

/**
 * A new voter as a page earns one (decision 083): the `name=value` of the cookie the leaderboard's first read is
 * issued. Throws when the read fails or issues none (the address had its share: raise RATE_LIMIT_NEW_VOTERS).
 */
export async function earnVoter(port: number, agent?: http.Agent): Promise<string> {
  const response = await request(port, "GET", "/api/demos", agent ? { agent } : {});
  const issued = issuedVoterCookie(response.headers["set-cookie"]);
  if (!issued) throw new Error(`GET /api/demos issued no voter cookie (status ${String(response.status)})`);
  return issued;
}

/** The vote counts the API reports, by demo id. */
export async function apiCounts(port: number): Promise<Map<string, number>> {
  const response = await request(port, "GET", "/api/demos");
  if (response.status !== 200) throw new Error(`GET /api/demos answered ${response.status}`);
  return new Map((response.body as { id: string; votes: number }[]).map((demo) => [demo.id, demo.votes]));
}

/**
 * Runs the real entry point as an operator would and returns how it ended: for the start-up cases, which expect it
 * to stop. Its vote store is `votes.sqlite` in `dataDir`, out of the working tree.
 */
export function runToExit(dataDir: string, env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, serverArgs, {
    env: {
      ...process.env,
      LOG_LEVEL: "silent",
      CLIENT_DIR: leastSiteDir(),
      DATABASE_PATH: path.join(dataDir, "votes.sqlite"),
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}
