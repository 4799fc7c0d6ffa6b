import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { editionPublicDir, missingImages, readEditionInput } from "../content/editions";
import { validateEdition } from "../content/validate";
import { ImportError } from "./import/import-error";
import { importSchedule, type ImportOptions } from "./schedule-import";

/**
 * What the schedule formats' tests share: frab's XSD run by xmllint (the export's and the import's tests), and for
 * the import's (schedule-import.test.ts, schedule-import-xml.test.ts) folders and servers of their own, cleaned up
 * after each file, the command run as an organiser runs it, and the written edition read back as the build reads it.
 */

/** A file of interop/formats: the schemas, and the real pretalx export. */
export const formatFile = (name: string) => path.join(import.meta.dirname, "formats", name);

/** xmllint's verdict on an XML text against frab's XSD: its messages, none when valid. */
export function xmlProblems(xml: string): string[] {
  const result = spawnSync("xmllint", ["--noout", "--schema", formatFile("schedule.xml.xsd"), "-"], {
    input: xml,
    encoding: "utf8",
  });
  if (result.error) {
    throw new Error(
      `xmllint could not run (${result.error.message}): install Debian's libxml2-utils (bash scripts/test/ensure-xmllint.sh)`,
    );
  }
  return result.status === 0 ? [] : result.stderr.split("\n").filter(Boolean);
}

const folders: string[] = [];
const servers: http.Server[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  for (const server of servers) server.close();
});

export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `glosaic-import-${prefix}-`));
  folders.push(folder);
  return folder;
}

/** Writes a schedule (an object as JSON, or any text) to a file of its own, named `name`. */
export function scheduleFile(content: object | string, name = "schedule.json"): string {
  const file = path.join(tempFolder("file"), name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** Every file under a folder with a digest of its bytes: two listings are equal when nothing was written. */
export function listing(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(folder, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  walk(folder);
  return files;
}

/** A command as a process of its own (asynchronous, so a server in this process can answer it): how it ended. */
export async function runCommand(
  command: string,
  args: string[],
  cwd?: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const [status] = (await once(child, "close")) as [number | null];
  return { status, stdout, stderr };
}

/** `npm run import -- <args>`, as the import's own command runs it. */
export function runImport(args: string[]): ReturnType<typeof runCommand> {
  return runCommand(process.execPath, ["--import", "tsx", "scripts/tools/import-schedule.ts", ...args]);
}

/**
 * The import's refusal of `options`, in this process: the ImportError it throws, which the command prints as its one
 * line on stderr with exit code 1 (the command's own contract is tested once, in schedule-import.test.ts, as a process
 * of its own costs about two seconds).
 */
export async function refusalOf(options: ImportOptions): Promise<string> {
  const outcome = await importSchedule(options).then(
    () => new Error("the import was not refused"),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ImportError);
  const { message } = outcome as ImportError;
  expect(message.split("\n")).toHaveLength(1);
  return message;
}

/** The refusal of a file as a new edition: one line matching `message`, nothing written. */
export async function expectRefused(file: string, message: RegExp): Promise<void> {
  const root = tempFolder("refused");
  expect(await refusalOf({ source: file, root })).toMatch(message);
  expect(readdirSync(root)).toEqual([]);
}

/** The imported edition, validated as the build validates it, images included. */
export function importedEdition(root: string, id: string) {
  const edition = validateEdition(readEditionInput(id, root), id);
  expect(missingImages(edition, editionPublicDir(id, root))).toEqual([]);
  return edition;
}

/** A local server answering each path with the body and type given (404 elsewhere). */
export async function serve(routes: Record<string, { type: string; body: string | Buffer }>): Promise<string> {
  const server = http.createServer((request, response) => {
    const route = routes[request.url ?? ""];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": route.type }).end(route.body);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** A local server that takes every request and never answers it (avatars with no network); it counts them. */
export async function blackHole(): Promise<{ origin: string; requests: () => number }> {
  let requests = 0;
  const server = http.createServer(() => {
    requests++;
  });
  server.on("close", () => {
    server.closeAllConnections();
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    requests: () => requests,
  };
}
