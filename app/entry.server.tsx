import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import * as content from "../content";
import { compactProgramme } from "../content/programme";
import { speakerDirectory } from "../content/speaker-directory";
import { RenderedProgramme } from "./lib/programme";
import { speakerDirectoryFile } from "./lib/speaker-directory";

/**
 * What the pages that render the programme and the speakers' directory draw from in the prerender: the same as the
 * files the browser fetches.
 */
const programme = compactProgramme(content);
const directory = speakerDirectory(content);
const { Rendered: RenderedDirectory } = speakerDirectoryFile;

/** A render that has not finished by then is cut off, and the build fails on it rather than waiting for ever. */
const renderTimeout = 10_000;

/**
 * Every page is rendered once, at build time (`ssr: false` with prerendering), so nothing is gained by streaming
 * it: React Router's default entry flushes the shell early, which left the leaderboard's lazy part as a fallback
 * in the page plus a hidden second copy that React's inline script swapped in a frame later (twice the markup,
 * a second full layout on the visitor's phone). Here the render waits for all content, and no completed Suspense
 * boundary is moved out of place however large it is (`progressiveChunkSize`): one copy, painted once.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let failure: unknown;
    const { pipe, abort } = renderToPipeableStream(
      <RenderedProgramme value={programme}>
        <RenderedDirectory value={directory}>
          <ServerRouter context={routerContext} url={request.url} />
        </RenderedDirectory>
      </RenderedProgramme>,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timeout);
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              // An error inside a boundary still renders (React falls back to the client there); the prerender must
              // not write such a page as if it were fine.
              status: failure === undefined ? responseStatusCode : 500,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          failure = error;
          // The build's own output: which render failed, and why, before the prerender stops on the 500.
          // eslint-disable-next-line no-console
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, renderTimeout);
  });
}
