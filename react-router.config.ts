import type { Config } from "@react-router/dev/config";
import { edition } from "./content";
import { prerenderPaths } from "./app/lib/page-list";

export default {
  // Static HTML for every known route, hydrated for client-side navigation; no server rendering at run time.
  ssr: false,
  prerender: () => prerenderPaths(edition),
  // React Router 8's behaviour now, so the build has nothing to warn about and the move to 8 (once Node 22 is
  // here) changes little. Trailing-slash-aware data requests stay off, said so: with them, 7.x prerenders each page
  // at its path with a slash ("/agenda/"), so the built HTML marks no current link while the hydrated page does
  // (decision 066).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
