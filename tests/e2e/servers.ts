import { tmpdir } from "node:os";
import path from "node:path";
import { moderatorToken } from "./moderator-token";

/**
 * The servers the browser tests run against, both serving the same build: the edition as it ships (voting
 * ended), and one with voting open (the VOTING_* override), for the tests that cast votes. E2E_PORT lets two
 * checkouts on one machine run their suites side by side; the second server takes the next port.
 */
export const mainPort = Number(process.env.E2E_PORT ?? 4173);
export const votingOpenPort = mainPort + 1;
export const votingOpenURL = `http://127.0.0.1:${votingOpenPort}`;

/** The servers that spec files start for themselves, each on ports of its own, after the suite's two. */
export const specPorts = {
  sharedStore: [mainPort + 2, mainPort + 3],
  streamsFull: mainPort + 4,
  showFollowed: mainPort + 5,
  showControlled: mainPort + 6,
  showSharedStore: [mainPort + 7, mainPort + 8],
} as const;

/**
 * Each server's own vote store, outside the working tree, emptied when the server starts. The name holds the user
 * as well as the port: the temporary folder is shared, and another user's file of the same name could be neither
 * emptied nor written.
 */
export function databaseFor(port: number) {
  return path.join(tmpdir(), `glosaic-e2e-${String(process.getuid?.() ?? "user")}-${String(port)}.sqlite`);
}

/**
 * Voting opened a day ago and closes in a week, whenever the tests run; so do every session's questions, which a
 * moderator with the tests' token moderates.
 */
export function votingOpenEnvironment(): Record<string, string> {
  const day = 24 * 60 * 60 * 1000;
  const opens = new Date(Date.now() - day).toISOString();
  const closes = new Date(Date.now() + 7 * day).toISOString();
  return {
    VOTING_OPENS: opens,
    VOTING_CLOSES: closes,
    QUESTIONS_OPENS: opens,
    QUESTIONS_CLOSES: closes,
    MODERATOR_TOKEN: moderatorToken,
  };
}
