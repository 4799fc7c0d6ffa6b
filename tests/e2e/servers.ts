import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The servers the browser tests run against, both serving the same build: the edition as it ships (voting
 * ended), and one with voting open (the VOTING_* override), for the tests that cast votes. E2E_PORT lets two
 * checkouts on one machine run their suites side by side; the second server takes the next port.
 */
export const mainPort = Number(process.env.E2E_PORT ?? 4173);
export const votingOpenPort = mainPort + 1;
export const votingOpenURL = `http://127.0.0.1:${votingOpenPort}`;

/**
 * Each server's own vote store, outside the working tree, emptied when the server starts. The name holds the user
 * as well as the port: the temporary folder is shared, and another user's file of the same name could be neither
 * emptied nor written.
 */
export function databaseFor(port: number) {
  return path.join(tmpdir(), `glosaic-e2e-${String(process.getuid?.() ?? "user")}-${String(port)}.sqlite`);
}
