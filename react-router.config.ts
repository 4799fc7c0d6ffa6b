import type { Config } from "@react-router/dev/config";
import { edition } from "./content";
import { prerenderPaths } from "./app/lib/page-list";

export default {
  // Static HTML for every known route, hydrated for client-side navigation; no server rendering at run time.
  ssr: false,
  prerender: () => prerenderPaths(edition),
} satisfies Config;
