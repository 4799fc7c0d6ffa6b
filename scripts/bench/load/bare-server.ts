import { readFileSync } from "node:fs";
import http from "node:http";

/**
 * The bench's reference: a bare node:http server answering recorded responses (status, headers and body, captured
 * from our server) for their paths, with no routing, hooks or negotiation. What Node itself can do on one core.
 *
 *   node --import tsx scripts/bench/load/bare-server.ts <port> <responses.json>
 */
interface Recorded {
  status: number;
  headers: string[];
  body: string;
}

const [port = "0", fixture = ""] = process.argv.slice(2);
const responses = new Map(
  Object.entries(JSON.parse(readFileSync(fixture, "utf8")) as Record<string, Recorded>).map(([url, recorded]) => [
    url,
    { ...recorded, body: Buffer.from(recorded.body, "base64") },
  ]),
);

http
  .createServer((request, response) => {
    const recorded = responses.get(request.url ?? "/");
    if (!recorded) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(recorded.status, recorded.headers).end(recorded.body);
  })
  .listen(Number(port), "127.0.0.1", () => {
    console.log("ready");
  });
