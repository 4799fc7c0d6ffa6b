import { buildServer } from "../scripts/build/build-server";

/**
 * Vitest's global setup for the tests that start the server: they run the compiled file, as `npm start` does, so
 * it is compiled from the source under test first (a second or less) rather than trusting an earlier build to be
 * current.
 */
export async function setup() {
  await buildServer();
}
