import * as m from "../i18n/messages";
import type { ToastContent } from "./toast-store";

/** A vote counted: what the toast says. */
export function recorded(title: string): ToastContent {
  return { title: m.voteRecorded, description: m.voteThanks({ title }) };
}

/**
 * A vote refused or lost: why, in the server's words where it gave a reason. `status` is the refusal's HTTP status,
 * 0 when the vote never reached the server. (Given apart rather than as the error, so this module, loaded lazily,
 * shares no module with the page: a shared one would be split into a chunk of its own on the first load.)
 */
export function refusal(status: number, reason: string | null): ToastContent {
  if (status === 409) return { tone: "error", title: m.voteAlready, description: reason ?? m.voteAlreadyDescription };
  if (status === 429) return { tone: "error", title: m.voteTooMany, description: m.voteTooManyDescription };
  if (status === 403) return { tone: "error", title: m.voteRefused, description: reason ?? m.voteNotOpen };
  // Offline, or the server out of reach: nothing was sent, and nothing is kept to send later (issue 32).
  if (status === 0) return { tone: "error", title: m.voteNotSentTitle, description: m.voteNotSent };
  return { tone: "error", title: m.voteNotCounted, description: reason ?? m.voteNotSent };
}
