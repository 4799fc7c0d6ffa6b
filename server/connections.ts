import { readFileSync } from "node:fs";
import type { Server, Socket } from "node:net";
import { PerAddress } from "./api/per-address";

/**
 * How long a client may take to send its request, and to leave a connection idle between requests, in
 * milliseconds (decision 082). They bound receiving a request only: a response, such as a stream held for hours,
 * is never cut by them.
 */
export interface ConnectionBounds {
  /**
   * The request line and headers: a few hundred bytes that any client sends at once, 10 s even over a crowded hall's
   * Wi-Fi. Also how long a connection that sends nothing is kept.
   */
  headersMs: number;
  /**
   * The whole request, headers and body: the largest body the API takes is a question of a few kilobytes, which a
   * poor mobile link sends in a second or two; 30 s leaves a stalled link time to recover.
   */
  requestMs: number;
  /**
   * An idle connection between two requests: a page's requests follow each other within a second, and a browser
   * opens a new connection when it finds one closed. Held longer, idle connections count against the caps below.
   */
  keepAliveMs: number;
  /**
   * How often Node looks for requests past headersMs or requestMs: a bound fires up to this much late. Node's 30 s
   * would double the body's bound; each look walks only the connections still receiving a request.
   */
  checkEveryMs: number;
}

export const defaultConnectionBounds: ConnectionBounds = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

/**
 * File descriptors kept for the process itself beyond its connections: standard streams, the event loop's own, the
 * vote store (a SQLite file and its journal, or PostgreSQL's pool), and files read when asked (share cards,
 * calendar files, pages' data), one per request in flight.
 */
const descriptorsKept = 128;

export interface ConnectionCaps {
  maxConnections: number;
  /** Undefined: no cap per address (behind a proxy, every connection comes from the proxy). */
  maxConnectionsPerAddress: number | undefined;
  /** One line for the operator when the open-file limit lowered either cap. */
  warning?: string;
}

/**
 * The caps the process can keep: connections beyond its open-file limit would fail (EMFILE) for everyone, the
 * health check first. Under a limit too low for the cap, the connections left are half the limit or all but
 * `descriptorsKept`, whichever is more, and one address may hold at most half of them, so that a single client
 * cannot take what is left.
 */
export function connectionCaps(
  asked: { maxConnections: number; maxConnectionsPerAddress: number | undefined },
  openFilesLimit: number | undefined,
): ConnectionCaps {
  if (openFilesLimit === undefined) return asked;
  const room = Math.max(openFilesLimit - descriptorsKept, Math.floor(openFilesLimit / 2));
  if (asked.maxConnections <= room) return asked;
  const perAddress =
    asked.maxConnectionsPerAddress === undefined
      ? undefined
      : Math.min(asked.maxConnectionsPerAddress, Math.max(1, Math.floor(room / 2)));
  const perAddressNote =
    perAddress === asked.maxConnectionsPerAddress ? "" : ` and MAX_CONNECTIONS_PER_ADDRESS to ${String(perAddress)}`;
  return {
    maxConnections: room,
    maxConnectionsPerAddress: perAddress,
    warning: `The open-file limit is ${String(openFilesLimit)}: MAX_CONNECTIONS lowered from ${String(asked.maxConnections)} to ${String(room)}${perAddressNote} (raise the limit with ulimit -n, or LimitNOFILE in a systemd unit)`,
  };
}

/** The soft limit of open files in the text of /proc/self/limits, or undefined when unlimited or unknown. */
export function openFilesSoftLimit(limits: string | undefined): number | undefined {
  const soft = /^Max open files\s+(\S+)/m.exec(limits ?? "")?.[1];
  return soft === undefined || soft === "unlimited" ? undefined : Number(soft);
}

/** The process's resource limits as Linux reports them; undefined on other systems. */
export function processLimits(): string | undefined {
  try {
    return readFileSync("/proc/self/limits", "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Closes at once, before reading a byte, a connection from an address that already holds `max`: slow requests from
 * one client then take at most that many of the server's connections.
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  const held = new PerAddress(max);
  server.on("connection", (socket: Socket) => {
    // Unset only when the client has already gone.
    const address = socket.remoteAddress;
    if (address === undefined) return;
    if (!held.take(address)) {
      socket.destroy();
      return;
    }
    socket.once("close", () => {
      held.release(address);
    });
  });
}
