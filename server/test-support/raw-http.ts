import net from "node:net";

/** A response as it came off the wire, with header names in lower case. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given on a new connection, and reads the one response to them: nothing between the test
 * and the server normalises the request, as an HTTP client would. Rejects if no complete response comes within
 * `timeoutMs` (the server hung, or dropped the connection without a word).
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (outcome: RawResponse | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => {
      finish(new Error(`No complete response within ${timeoutMs} ms`));
    }, timeoutMs);
    const tryParse = (ended: boolean) => {
      const response = parseResponse(received, ended);
      if (response) finish(response);
      else if (ended)
        finish(new Error(`Connection closed after ${received.length} bytes: ${received.toString("latin1")}`));
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on("end", () => {
      tryParse(true);
    });
    // The server may answer and close while a large request is still being written: the answer counts.
    socket.on("error", () => {
      tryParse(true);
    });
    socket.write(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes);
  });
}

/** The first final response in `data`, or null while it is incomplete. */
function parseResponse(data: Buffer, ended: boolean): RawResponse | null {
  let start = 0;
  for (;;) {
    const headEnd = data.indexOf("\r\n\r\n", start);
    if (headEnd < 0) return null;
    const lines = data.subarray(start, headEnd).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1]);
    if (!status) throw new Error(`Not an HTTP response: ${lines[0] ?? ""}`);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const bodyStart = headEnd + 4;
    // An interim response (100 Continue) is followed by the real one.
    if (status < 200) {
      start = bodyStart;
      continue;
    }
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const body = dechunk(data.subarray(bodyStart));
      return body === null ? null : { status, headers, body };
    }
    const length = headers["content-length"];
    if (length !== undefined) {
      const end = bodyStart + Number(length);
      if (data.length < end) return null;
      return { status, headers, body: data.subarray(bodyStart, end).toString("utf8") };
    }
    return ended ? { status, headers, body: data.subarray(bodyStart).toString("utf8") } : null;
  }
}

function dechunk(data: Buffer): string | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts).toString("utf8");
    if (data.length < lineEnd + 2 + size + 2) return null;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
