import { renderToStringAsync } from "preact-render-to-string";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/** A render that has not finished by then is cut off, and the build fails on it rather than waiting for ever. */
const renderTimeout = 10_000;

/**
 * Every page is rendered once, at build time (`ssr: false` with prerendering), and hydrated by Preact in the
 * browser (docs/decisions/032), so Preact renders it here too: hydration then meets exactly the markup, in the
 * order, that its own render makes (React's server renderer hoists some elements of <head> ahead of others, which
 * Preact's hydration would take for a mismatch and render again). The render waits for all content, lazy parts
 * included, so each page is one complete document, painted once. A render that fails throws, and the prerender
 * stops on it.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Rendering ${request.url} took over ${String(renderTimeout / 1000)} s`));
    }, renderTimeout);
  });
  const html = await Promise.race([
    renderToStringAsync(<ServerRouter context={routerContext} url={request.url} />),
    timeout,
  ]).finally(() => {
    clearTimeout(timer);
  });
  responseHeaders.set("Content-Type", "text/html");
  // React Router marks some elements for React's hydration; Preact would write the mark out as an attribute.
  const page = html.replaceAll(/(<[a-z][^>]*?) suppressHydrationWarning/g, "$1");
  return new Response(`<!DOCTYPE html>${page}`, { headers: responseHeaders, status: responseStatusCode });
}
