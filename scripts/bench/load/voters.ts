import { writeFile } from "node:fs/promises";
import http from "node:http";
import { demosUrl, issuedVoterCookie } from "../../../common/api-contract";

/**
 * Voters earned as a page earns them (decision 083): a vote needs the voter cookie that an earlier read issued, so
 * a bench that votes first reads `GET /api/demos` once per voter it needs and keeps each cookie. The server must
 * issue that many to one address (RATE_LIMIT_NEW_VOTERS raised: the whole bench comes from 127.0.0.1).
 */

/** `count` voters from the server at `base` (http://host:port), `concurrency` reads at a time. */
export async function earnVoters(base: string, count: number, concurrency = 32): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const cookies: string[] = [];
  const read = () =>
    new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base}${demosUrl}`, { agent }, (response) => {
          response.resume();
          response.on("end", () => {
            resolve(issuedVoterCookie(response.headers["set-cookie"]));
          });
        })
        .on("error", reject);
    });
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (cookies.length < count) {
          const cookie = await read();
          if (!cookie) throw new Error(`${base}${demosUrl} issued no voter cookie: is RATE_LIMIT_NEW_VOTERS raised?`);
          cookies.push(cookie);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return cookies.slice(0, count);
}

/** The cookies as a Lua chunk returning them in a table, for wrk's scripts to load with dofile. */
export async function writeLuaVoterPool(file: string, cookies: readonly string[]) {
  await writeFile(file, `return {\n${cookies.map((cookie) => `"${cookie}",`).join("\n")}\n}\n`);
}
