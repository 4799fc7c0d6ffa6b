import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { builtEditionId, selectedEditionId } from "../../../content/editions";
import { loadEdition, type LoadedEdition } from "../../../content/load-edition";
import { nginxMaps } from "../../build/nginx-maps";
import { serverArgs } from "../../../server/start-command";

/**
 * What the bench and the soak share: starting the servers under test pinned to one core, running wrk pinned to
 * the other, reading a process's memory. Servers are stopped by their own pid, never by name: the machine is
 * shared.
 */

export const root = path.resolve(import.meta.dirname, "../../..");
export const clientDir = path.join(root, "build/client");

/**
 * The edition under load: the one the build in build/client is of, which the server serves (build/edition.json),
 * or EDITION's for a build without the record. The bench and the soak call it in their main (decision 063).
 */
export function editionUnderLoad(): LoadedEdition {
  return loadEdition(builtEditionId(clientDir) ?? selectedEditionId());
}

/** The core the server under test runs on, and the core the load generator runs on (see docs/performance.md). */
export const serverCore = "0";
export const loadCore = "1";

export const hasTaskset = spawnSync("taskset", ["-V"]).status === 0;
export const pinned = (core: string, command: string, args: string[]): [string, string[]] =>
  hasTaskset ? ["taskset", ["-c", core, command, ...args]] : [command, args];

export interface Running {
  process: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

function track(child: ChildProcess, label: string): Running {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${label} did not start`);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.on("exit", (code, signal) => {
    if (code !== 0 && code !== null && signal === null) console.error(`${label} exited with ${code}:\n${output}`);
  });
  return {
    process: child,
    pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once("exit", () => {
          resolve();
        });
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

/** GETs a URL; resolves with status, raw headers and body. */
export function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
  });
}

export async function waitFor(url: string, label: string, seconds = 30) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await get(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} did not answer ${url} within ${seconds} s`);
}

/**
 * The environment our server runs under load with: on `port`, local, quiet, voting open for the next hours and the
 * rate limits and the connections per address out of the way (every request comes from one address), plus `env`.
 */
export function loadTestEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const hour = 60 * 60 * 1000;
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    VOTING_OPENS: new Date(Date.now() - hour).toISOString(),
    VOTING_CLOSES: new Date(Date.now() + 24 * hour).toISOString(),
    RATE_LIMIT_VOTES: "1000000000",
    RATE_LIMIT_READS: "1000000000",
    MAX_CONNECTIONS_PER_ADDRESS: "1000000000",
    ...env,
  };
}

/** Our server, as `npm start` runs it (unless given other arguments for Node), on one core, voting open, rate limits out of the way unless given. */
export async function startOurServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: readonly string[] = serverArgs,
): Promise<Running> {
  const [command, args] = pinned(serverCore, process.execPath, [...nodeArgs]);
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: loadTestEnv(port, env) });
  const running = track(child, "our server");
  await waitFor(`http://127.0.0.1:${port}/api/health`, "our server");
  return running;
}

/** The bare node:http reference, answering what our server answered for each of `paths` (Accept-Encoding as sent). */
export async function startBareServer(port: number, from: string, paths: string[], work: string): Promise<Running> {
  const skip = new Set(["date", "connection", "keep-alive"]);
  const recorded: Record<string, { status: number; headers: string[]; body: string }> = {};
  for (const urlPath of paths) {
    const response = await get(`${from}${urlPath}`, { "accept-encoding": "gzip, br" });
    const headers: string[] = [];
    for (let index = 0; index < response.rawHeaders.length; index += 2) {
      const [name = "", value = ""] = response.rawHeaders.slice(index, index + 2);
      if (!skip.has(name.toLowerCase())) headers.push(name, value);
    }
    recorded[urlPath] = { status: response.status, headers, body: response.body.toString("base64") };
  }
  const fixture = path.join(work, "bare-responses.json");
  await writeFile(fixture, JSON.stringify(recorded));
  const [command, args] = pinned(serverCore, process.execPath, [
    "--import",
    "tsx",
    "scripts/bench/load/bare-server.ts",
    String(port),
    fixture,
  ]);
  const running = track(spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] }), "bare node:http");
  await waitFor(`http://127.0.0.1:${port}${paths[0] ?? "/"}`, "bare node:http");
  return running;
}

export const nginxInstalled = spawnSync("nginx", ["-v"]).error === undefined;
const brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/**
 * nginx serving build/client with the repository's deploy/nginx.conf, templated only where a deployment differs
 * (listen address, root, the maps file, the API upstream) and wrapped in a main configuration of our own: one
 * worker (one core, like one Node process), no access log (our server logs no requests either), its own pid and
 * log files so it never meets the system's nginx.
 */
export async function startNginx(
  port: number,
  apiPort: number,
  work: string,
): Promise<Running & { brotli: boolean; workerPid: () => number | undefined }> {
  const dir = path.join(work, "nginx");
  await mkdir(dir, { recursive: true });
  const brotli = existsSync(brotliModule);
  await writeFile(path.join(dir, "glosaic-maps.conf"), await nginxMaps(clientDir));
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update the bench`);
    return text.replace(pattern, by);
  };
  let templated = replace(site, /include \/etc\/nginx\/glosaic-maps\.conf;/, `include ${dir}/glosaic-maps.conf;`);
  templated = replace(templated, /listen 80;/, `listen 127.0.0.1:${port};`);
  templated = replace(templated, /root \/srv\/glosaic\/build\/client;/, `root ${clientDir};`);
  templated = replace(templated, /server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${apiPort};`);
  if (!brotli) templated = replace(templated, /\n\s*brotli_static on;/, "");
  await writeFile(path.join(dir, "site.conf"), templated);
  const main = [
    brotli ? `load_module ${brotliModule};` : "",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 4096; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  default_type application/octet-stream;",
    "  access_log off;",
    "  sendfile on;",
    "  tcp_nopush on;",
    // Node keeps a connection open for any number of requests; nginx's default closes it after 1000.
    "  keepalive_requests 1000000;",
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/site.conf;`,
    "}",
    "",
  ].join("\n");
  const conf = path.join(dir, "nginx.conf");
  await writeFile(conf, main);
  const check = spawnSync("nginx", ["-t", "-q", "-e", `${dir}/error.log`, "-c", conf], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`deploy/nginx.conf does not load: ${check.stderr}`);
  const [command, args] = pinned(serverCore, "nginx", ["-e", `${dir}/error.log`, "-c", conf, "-g", "daemon off;"]);
  const running = track(spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] }), "nginx");
  await waitFor(`http://127.0.0.1:${port}/`, "nginx");
  // The worker does the serving; its memory is the figure to set beside one Node process.
  const workerPid = () => {
    const children = spawnSync("pgrep", ["-P", String(running.pid)], { encoding: "utf8" })
      .stdout.trim()
      .split("\n");
    const pid = Number(children[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  };
  return { ...running, brotli, workerPid };
}

/** CPU time a process has used so far (user + system), in seconds. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces, hence the last ")"); utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx/3xx. */
  non2xx: number;
  socketErrors: number;
}

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 1);

/** Runs wrk on the load core against `url` and reads its summary. */
export function wrk(
  url: string,
  {
    seconds,
    connections = 50,
    script,
    env = {},
    headers = { "Accept-Encoding": "gzip, br" },
  }: {
    seconds: number;
    connections?: number;
    script?: string;
    env?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<WrkResult> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "5s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  args.push(url);
  const [command, pinnedArgs] = pinned(loadCore, "wrk", args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, pinnedArgs, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      const latency = (percent: string) => {
        const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
        return match ? toMs(match[1] ?? "", match[2] ?? "") : NaN;
      };
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
      const total = /(\d+) requests in/.exec(out)?.[1];
      if (!rate || !total) {
        reject(new Error(`wrk gave no summary for ${url} (exit ${String(code)}, signal ${String(signal)}):\n${out}`));
        return;
      }
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        requestsPerSecond: Number(rate),
        p50Ms: latency("50"),
        p99Ms: latency("99"),
        requests: Number(total),
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
        socketErrors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
      });
    });
  });
}

export const wrkInstalled = spawnSync("wrk", ["-v"]).error === undefined;

/** The machine, for the record: cores, CPU model, load average. */
export function machine() {
  const cpuinfo = existsSync("/proc/cpuinfo") ? readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? "unknown CPU";
  const load = existsSync("/proc/loadavg")
    ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")
    : "?";
  const cores = spawnSync("nproc", { encoding: "utf8" }).stdout.trim();
  return { cores, model, load, node: process.version };
}
