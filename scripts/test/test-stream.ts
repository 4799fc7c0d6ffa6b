import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Stage } from "../../content";
import { selectedEditionId } from "../../content/editions";
import { loadEdition } from "../../content/load-edition";
import { everyStream } from "../../app/lib/stage";

/**
 * The browser tests' HLS streams (decision 041): for each stream of the edition under test served on this machine
 * (stage.json's http://127.0.0.1:<port>/... playlists), a few seconds of ffmpeg's test pattern and tone, made once
 * into a temporary folder (again if it is missing) and served over HTTP with CORS, as a stream host serves them.
 * Run by playwright.config.ts as a web server when the edition has such a stream; `ffmpeg` is Debian's
 * (scripts/test/ensure-ffmpeg.sh).
 */
const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The edition's HLS playlists that this machine serves: the ones the tests must make. */
export function loopbackStreams(stage: Stage): URL[] {
  return everyStream(stage).flatMap((stream) =>
    stream.provider === "hls" && loopbackHosts.has(new URL(stream.url).hostname) ? [new URL(stream.url)] : [],
  );
}

/** Where the streams are made: outside the working tree, named for the user, since the folder is shared. */
const folder = path.join(tmpdir(), `glosaic-test-stream-${String(process.getuid?.() ?? "user")}`);

const contentTypes: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
};

/** Six seconds of test pattern with a tone, H.264 and AAC in MPEG-TS segments of two seconds: a finished playlist. */
function makeStream(playlist: string) {
  if (existsSync(playlist)) return;
  mkdirSync(path.dirname(playlist), { recursive: true });
  const result = spawnSync(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=6"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50"],
      ...["-c:a", "aac", "-b:a", "96k"],
      ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
      ...["-hls_segment_filename", path.join(path.dirname(playlist), "segment-%03d.ts"), playlist],
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`ffmpeg could not make ${playlist} (bash scripts/test/ensure-ffmpeg.sh?)`);
}

/** Serves the made streams on each port the edition's playlists name. */
function serve(streams: URL[]) {
  for (const url of streams) makeStream(path.join(folder, url.pathname));
  for (const port of new Set(streams.map((url) => url.port))) {
    createServer((request, response) => {
      const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
      const file = path.join(folder, path.normalize(pathname));
      const type = contentTypes[path.extname(file)];
      const headers = { "access-control-allow-origin": "*", "cache-control": "no-cache" };
      if (!file.startsWith(folder + path.sep) || !type || !existsSync(file)) {
        response.writeHead(404, headers).end();
        return;
      }
      response.writeHead(200, { ...headers, "content-type": type }).end(readFileSync(file));
    }).listen(Number(port), "127.0.0.1");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { stage } = loadEdition(selectedEditionId()).edition;
  const streams = loopbackStreams(stage);
  if (streams.length === 0) throw new Error("The edition under test names no HLS stream on this machine");
  serve(streams);
  console.log(`Test streams on ${streams.map((url) => url.href).join(", ")}`);
}
