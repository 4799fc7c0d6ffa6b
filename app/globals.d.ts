/** The ISO instant of the build, set by vite.config.ts: the "now" of prerendered pages. */
declare const __BUILT_AT__: string;
