import * as m from "../i18n/messages";
import { sessionsParameter } from "../../common/my-schedule";

/*
 * Reading a `sessions` parameter, apart from app/lib/my-schedule.ts: the feed and the /my-schedule page read one,
 * while the agenda and talk pages, which load that module for the toggles, never do.
 */

/**
 * At most this many ids in one selection, and this many characters in the parameter: far more than anyone chooses
 * (the largest programmes we import have a few hundred sessions), and small enough that a feed request is cheap.
 * A longer query is refused, not cut, so no one subscribes to a calendar that silently misses sessions.
 */
export const maxChosenSessions = 500;
export const maxSessionsParameterLength = 16_000;

/** A content id: lowercase kebab-case (content/schema.ts). */
const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type SessionSelection = { ok: true; ids: string[] } | { ok: false; error: string };

/**
 * The ids a `sessions` parameter names, in its order, each once; or why it cannot be read. Whether each id is a
 * session of the edition is the caller's business: an id the programme no longer has is left out, not an error,
 * since a feed subscribed last month may name a session that was dropped since.
 */
export function parseSessionSelection(value: string | null | undefined): SessionSelection {
  if (value === null || value === undefined) {
    return { ok: false, error: m.selectionMissing({ parameter: sessionsParameter }) };
  }
  if (value.length > maxSessionsParameterLength) {
    return { ok: false, error: m.selectionTooLong({ max: maxSessionsParameterLength }) };
  }
  const ids = value.split(",").map((id) => id.trim());
  const bad = ids.find((id) => !idPattern.test(id));
  if (bad !== undefined) {
    return {
      ok: false,
      error:
        bad === ""
          ? m.selectionEmptyId
          : // Quoted as JSON, so a line break or control character in it is written as an escape: one line.
            m.selectionBadId({ id: JSON.stringify(bad.slice(0, 60)) }),
    };
  }
  const unique = [...new Set(ids)];
  if (unique.length > maxChosenSessions) {
    return { ok: false, error: m.selectionTooMany({ max: maxChosenSessions }) };
  }
  return { ok: true, ids: unique };
}
