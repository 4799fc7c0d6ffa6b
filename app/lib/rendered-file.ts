import { createContext, use, useContext, type Context } from "react";
import { retryDelay } from "./live-data";

/**
 * A file the build writes for a page to render from (decision 077): the programme (app/lib/programme.ts), the
 * speakers' directory (app/lib/speaker-directory.ts). A page prerenders from it and hydrates from it, without
 * carrying it in its data: in the prerender from `Rendered`, which the server's entry fills; in the browser from one
 * fetch of the file, read with React's `use` inside a Suspense boundary, where React keeps the prerendered HTML until
 * the file has come, then hydrates it.
 */
export interface RenderedFile<T> {
  /** What the prerender draws from; none in the browser, which fetches the file. */
  Rendered: Context<T | null>;
  /**
   * The file's contents for a part that renders them: at once in the prerender and once the file has come; until
   * then the component suspends. Its Suspense boundary must not be re-rendered from above with other props before
   * the file comes (a `memo` component between them), or React would drop the prerendered HTML for the fallback.
   */
  useRendered: () => T;
  /** The file, fetched once per page and tried again until it answers. */
  load: () => Promise<T>;
  /**
   * A route's data on client-side navigation, once the file has come too: the page shows whole, rather than
   * without the part that renders it.
   */
  withFile: <Data>(loadRoute: () => Promise<Data>) => Promise<Data>;
  /**
   * The links of a page that renders the file (its route's `links`): in the prerendered page, a preload, so that the
   * file is fetched before the page's scripts rather than once they have run (the build moves it to just after the
   * first paint, ahead of the modules: scripts/build/defer-hydration.ts, decision 088). In the browser none: a
   * client-side visit fetches the file itself (`withFile`), and a preload added then would go unused, which the
   * browser warns of.
   */
  preloads: () => { rel: "preload"; href: string; as: "fetch"; crossOrigin: "anonymous" }[];
}

/**
 * A promise that says whether it has settled, as React's `use` reads one: once the file has come, a part that renders
 * it (after a client-side navigation, say) gets it at once rather than suspending for a tick.
 */
type Tracked<T> = Promise<T> & { status?: "fulfilled"; value?: T };

export function renderedFile<T>(path: string): RenderedFile<T> {
  const Rendered = createContext<T | null>(null);
  let arriving: Tracked<T> | undefined;

  // Asked again after a failure (the network away, no worker yet) until it answers: until then a prerendered part
  // keeps its HTML, whose links work as plain links.
  function load(): Promise<T> {
    if (!arriving) {
      const tracked: Tracked<T> = (async () => {
        for (let failures = 0; ; failures += 1) {
          try {
            const response = await fetch(path);
            if (response.ok) return (await response.json()) as T;
          } catch {
            // The network is away: tried again below, as a refusal is.
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelay(failures + 1)));
        }
      })();
      void tracked.then((value) => Object.assign(tracked, { status: "fulfilled", value }));
      arriving = tracked;
    }
    return arriving;
  }

  return {
    Rendered,
    // `use` is called whenever the browser reads the file, settled or not: React replays a part that suspended on it
    // and counts on the same calls the second time.
    useRendered: () => useContext(Rendered) ?? use(load()),
    load,
    withFile: async (loadRoute) => {
      const [data] = await Promise.all([loadRoute(), load()]);
      return data;
    },
    preloads: () =>
      typeof document === "undefined" ? [{ rel: "preload", href: path, as: "fetch", crossOrigin: "anonymous" }] : [],
  };
}
