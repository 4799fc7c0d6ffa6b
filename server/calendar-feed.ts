import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Edition } from "../content";
import { personalCalendarPath, sessionsParameter } from "../common/my-schedule";
import { parseSessionSelection } from "../app/lib/session-selection";
import { personalCalendar } from "../interop/calendar-files";
import * as m from "../app/i18n/messages";

/**
 * How long a copy of a feed may be used without asking again. The programme changes only when the server is
 * rebuilt and restarted; five minutes lets a cache in front take the hourly polls of many subscribers to one
 * selection, and a moved session still reaches them within minutes of a deploy plus their own refresh.
 */
export const feedCacheControl = "public, max-age=300";

/**
 * GET and HEAD /calendar/mine.ics?sessions=<id>,<id>: the calendar of a visitor's chosen sessions, made from the
 * programme the server runs with, so a subscribed calendar follows a session that moves (decision 026). The
 * selection is all in the URL: nothing is stored, and every answer is the same for the same URL. A query that
 * cannot be read is a 400 with one line of text; ids the programme does not have are left out.
 */
export function registerCalendarFeed(app: FastifyInstance, { edition }: { edition: Edition }) {
  // The programme is built into the server, so it was revised no later than now, when the server starts.
  const feed = personalCalendar(edition, Date.now());

  app.get(personalCalendarPath, (request, reply) => {
    const query = request.url.indexOf("?");
    const values = new URLSearchParams(query === -1 ? "" : request.url.slice(query + 1)).getAll(sessionsParameter);
    // Two lists could be two selections or one split in two: refused rather than guessed at.
    const selection =
      values.length > 1
        ? { ok: false as const, error: m.apiSelectionOnce({ parameter: sessionsParameter }) }
        : parseSessionSelection(values[0]);
    if (!selection.ok) {
      return reply
        .code(400)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(`${selection.error}\n`);
    }
    const body = feed(selection.ids);
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
    void reply.header("cache-control", feedCacheControl).header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("text/calendar; charset=utf-8").send(body);
  });
}
