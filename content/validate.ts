import { fixedPages } from "../common/fixed-pages.ts";
import { personalCalendarName } from "../common/my-schedule.ts";
import { slugOf as slugOfName, speakerPath } from "../common/path-segments.ts";
import { isoOffset, zonedDate, zoneOffsetMinutes } from "../common/time.ts";
import { formatDateSpanIn } from "../common/time-in-locale.ts";
import { editionSchema, type AgendaSlot, type Edition, type EditionInput, type Speaker } from "./schema.ts";
import { codePointName, unshowableCharacters } from "./text-characters.ts";

/** Thrown when the edition's content breaks a rule; its message lists every problem found, one a line. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The edition's content is invalid:\n- ${problems.join("\n- ")}`);
    this.name = "ContentError";
  }
}

/**
 * Parses the edition and checks the rules that span records: text free of characters no page can show, unique ids
 * and paths, references that resolve, times on the edition's days and in the stated zone, no overlaps on the one
 * stream of an edition without rooms, nobody in two places at once, and no page path that collides with another page
 * or with the site's own files.
 * `editionId` is the edition's folder, which the event's links may name (see `fillPlaceholders`).
 */
export function validateEdition(authored: EditionInput, editionId: string): Edition {
  const filled = fillPlaceholders(authored, editionId);
  if (filled.problems.length > 0) throw new ContentError(filled.problems);
  const input = filled.input;
  const unshowable = unshowableText(input);
  if (unshowable.length > 0) throw new ContentError(unshowable);
  const parsed = editionSchema.safeParse(input);
  if (!parsed.success) {
    throw new ContentError(parsed.error.issues.map((issue) => `${recordAt(input, issue.path)}: ${issue.message}`));
  }
  const edition = parsed.data;
  const problems: string[] = [];
  const { event } = edition;

  const unique = (what: string, values: string[]) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) problems.push(`${what} "${value}" is used more than once`);
      seen.add(value);
    }
    return seen;
  };
  const speakers = unique(
    "speaker id",
    edition.speakers.map((s) => s.id),
  );
  unique(
    "talk id",
    edition.talks.map((t) => t.id),
  );
  const rooms = unique(
    "room id",
    edition.rooms.map((r) => r.id),
  );
  unique(
    "track slug",
    edition.tracks.map((t) => t.slug),
  );
  const tracks = unique(
    "track name",
    edition.tracks.map((t) => t.name),
  );
  unique(
    "agenda slot id",
    [...edition.agenda, ...edition.backstage].map((s) => s.id),
  );
  unique(
    "demo id",
    edition.demos.map((d) => d.id),
  );
  unique(
    "sponsor id",
    edition.sponsors.map((s) => s.id),
  );
  unique(
    "briefing slug",
    edition.briefings.map((b) => b.slug),
  );
  const pages = [
    ...edition.talks.map((t) => ({ path: t.path, what: `talk "${t.id}"` })),
    ...(edition.panelPage ? [{ path: edition.panelPage.path, what: `panel page "${edition.panelPage.id}"` }] : []),
    ...edition.briefings.map((b) => ({ path: b.path, what: `briefing "${b.slug}"` })),
  ];
  unique(
    "page path",
    pages.map((page) => page.path),
  );
  for (const page of pages) {
    const clash = pathClash(page.path, edition.speakers);
    if (clash) problems.push(`${page.what}: its path ${page.path} collides with ${clash}`);
  }
  // Talk pages are one route per folder (app/routes.ts): talks under /speakers/ would be routed as speakers' pages.
  for (const talk of edition.talks) {
    if (talk.path.startsWith("/speakers/") && !pathClash(talk.path, edition.speakers)) {
      problems.push(`talk "${talk.id}": its path ${talk.path} is in /speakers/, the folder of the speakers' pages`);
    }
  }
  // Calendar files are /calendar/<talk or panel id>.ics beside the day's /calendar/<slug of the name>.ics and the
  // server's feed of a visitor's chosen sessions, /calendar/mine.ics.
  const dayCalendar = slugOfName(event.name);
  for (const page of [...edition.talks, ...(edition.panelPage ? [edition.panelPage] : [])]) {
    if (page.id === dayCalendar) problems.push(`"${page.id}" would share its calendar file with the whole edition's`);
    if (page.id === personalCalendarName) {
      problems.push(`"${page.id}" would share its calendar file with the feed of a visitor's chosen sessions`);
    }
  }

  const speaker = (ref: string, where: string) => {
    if (!speakers.has(ref)) problems.push(`${where} refers to unknown speaker "${ref}"`);
  };

  const lastDay = event.endDate ?? event.date;
  if (lastDay < event.date) problems.push(`event endDate ${lastDay} is before its date ${event.date}`);
  const days = event.endDate ? `between ${event.date} and ${lastDay}` : `on ${event.date}`;
  const checkTimes = (where: string, start: string, end: string) => {
    if (Date.parse(start) >= Date.parse(end)) problems.push(`${where} ends before it starts`);
    for (const value of [start, end]) {
      const instant = new Date(value);
      const day = zonedDate(instant, event.timeZone);
      // A session may end at midnight, the first instant of the next day.
      const endsAtMidnight = value === end && zonedDate(new Date(instant.getTime() - 1), event.timeZone) === lastDay;
      if ((day < event.date || day > lastDay) && !endsAtMidnight) {
        problems.push(`${where}: ${value} is not ${days} in ${event.timeZone}`);
      }
      const zoneOffset = isoOffset(zoneOffsetMinutes(instant, event.timeZone));
      if (zoneOffset !== offsetOf(value)) {
        problems.push(`${where}: ${value} has offset ${offsetOf(value)} but ${event.timeZone} is ${zoneOffset}`);
      }
    }
  };

  for (const slot of edition.agenda) {
    const where = `agenda slot "${slot.id}"`;
    checkTimes(where, slot.start, slot.end);
    if (slot.hostId) speaker(slot.hostId, where);
    if (slot.room !== undefined && !rooms.has(slot.room)) {
      problems.push(
        rooms.size === 0
          ? `${where} names room "${slot.room}" but the edition has no rooms`
          : `${where} refers to unknown room "${slot.room}"`,
      );
    }
    if (slot.room === undefined && rooms.size > 0) problems.push(`${where} names no room (the edition has rooms)`);
    if (slot.track !== undefined && tracks.size > 0 && !tracks.has(slot.track)) {
      problems.push(`${where} names track "${slot.track}", which tracks.json does not list`);
    }
    slot.speakerIds.forEach((ref) => {
      speaker(ref, where);
    });
    if (slot.talkId) {
      const talk = edition.talks.find((t) => t.id === slot.talkId);
      if (!talk) problems.push(`${where} refers to unknown talk "${slot.talkId}"`);
    }
  }
  for (const session of edition.backstage) {
    const where = `backstage session "${session.id}"`;
    checkTimes(where, session.start, session.end);
    session.participantIds.forEach((ref) => {
      speaker(ref, where);
    });
  }

  const slots = [...edition.agenda].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (slots.some((slot, i) => slot !== edition.agenda[i])) problems.push("agenda slots are not in time order");
  // The one stream of an edition without rooms shows one session at a time. Sessions may overlap in a room: real
  // programmes do (a cleanup under a DJ set, a meetup that runs long), and the agenda shows them side by side; the
  // stage and the overlays show the one that started last (decision 069).
  let latest: AgendaSlot | undefined;
  for (const current of rooms.size === 0 ? slots : []) {
    if (latest && Date.parse(current.start) < Date.parse(latest.end)) {
      problems.push(`agenda slots "${latest.id}" and "${current.id}" overlap`);
    }
    if (!latest || Date.parse(current.end) > Date.parse(latest.end)) latest = current;
  }

  // One person cannot be in two sessions at once, on stream or backstage. Two sessions of an imported schedule (both
  // with a guid) are the exception: pretalx and frab let a person be in both (pretalx only warns), say a co-speaker
  // of a workshop who steps out to give a talk, and the programme is theirs to say (decision 024).
  const bookings = new Map<string, { id: string; start: number; end: number; imported: boolean }[]>();
  const book = (ref: string, id: string, start: string, end: string, imported = false) => {
    const list = bookings.get(ref) ?? [];
    const range = { id, start: Date.parse(start), end: Date.parse(end), imported };
    const clash = list.find(
      (other) => range.start < other.end && other.start < range.end && !(range.imported && other.imported),
    );
    if (clash) problems.push(`speaker "${ref}" is booked in "${clash.id}" and "${id}" at the same time`);
    list.push(range);
    bookings.set(ref, list);
  };
  for (const slot of edition.agenda) {
    for (const ref of new Set([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds])) {
      book(ref, slot.id, slot.start, slot.end, slot.guid !== undefined);
    }
  }
  for (const session of edition.backstage) {
    session.participantIds.forEach((ref) => {
      book(ref, session.id, session.start, session.end);
    });
  }

  for (const talk of edition.talks) {
    const presented = edition.agenda.filter((slot) => slot.talkId === talk.id).length;
    if (presented !== 1) problems.push(`talk "${talk.id}" is on the agenda ${presented} times, not once`);
  }

  const panel = edition.panelPage;
  if (panel) {
    checkTimes(`panel page "${panel.id}"`, panel.start, panel.end);
    panel.speakerIds.forEach((ref) => {
      speaker(ref, `panel page "${panel.id}"`);
    });
  }

  edition.demos.forEach((demo) => {
    speaker(demo.presenterId, `demo "${demo.id}"`);
  });
  edition.briefings.forEach((briefing) => {
    speaker(briefing.speakerId, `briefing "${briefing.slug}"`);
  });

  if (event.presentedLive > edition.demos.length) {
    problems.push(
      `event presentedLive: ${String(event.presentedLive)} demos cannot be presented of ${String(edition.demos.length)}`,
    );
  }
  if (Date.parse(event.voting.opens) >= Date.parse(event.voting.closes)) {
    problems.push("voting closes before it opens");
  }
  // A misspelt type ("Talks") would quietly close questions for every session of the type meant.
  const typesInAgenda = new Set(edition.agenda.map((slot) => slot.type));
  for (const type of event.questions.sessionTypes ?? []) {
    if (!typesInAgenda.has(type)) {
      problems.push(`event questions.sessionTypes: no session of the agenda has type "${type}"`);
    }
  }

  // The stage names one stream, or each room's: never both, and only rooms the edition has.
  const { stage } = edition;
  if (rooms.size > 0 && stage.stream) problems.push("stage stream: the edition has rooms; name each room's stream");
  for (const room of Object.keys(stage.rooms)) {
    if (!rooms.has(room)) problems.push(`stage rooms: the edition has no room "${room}"`);
  }

  if (problems.length > 0) throw new ContentError(problems);
  return edition;
}

/**
 * Where the site keeps files or pages of its own: the API, the built scripts and styles, calendar files, share images,
 * the home page's islands, the rooms' stages, the stream's overlays and the tracks' pages. A content page there would
 * be shadowed by them, or shadow them.
 */
const reservedFolders = ["api", "assets", "calendar", "og", "islands", "live", "overlay", "tracks"];

/** What a content page's path would collide with, if anything: a fixed page, a speaker's page or the site's files. */
function pathClash(pagePath: string, speakers: Speaker[]): string | undefined {
  const fixed = fixedPages.find((page) => page.path === pagePath);
  if (fixed) return `the fixed page ${fixed.path}`;
  const speaker = speakers.find((s) => speakerPath(s.id) === pagePath);
  if (speaker) return `the page of speaker "${speaker.id}"`;
  const folder = pagePath.split("/")[1] ?? "";
  return reservedFolders.includes(folder) ? `the site's /${folder}/ files` : undefined;
}

/** What the event's texts and links may say in braces, and what each becomes. */
export const placeholderNames = ["name", "date", "edition"] as const;

/**
 * The event's texts and links may write the edition's name as {name}, its day as {date} ("May 7, 2031") and its
 * folder as {edition} ("example-conf-2031"), so that a copy of last year's edition with a new name and date says
 * the new ones everywhere, down to its links, without a search and replace. The name and the date themselves are
 * literal.
 */
export function fillPlaceholders(input: EditionInput, editionId: string): { input: EditionInput; problems: string[] } {
  const event: unknown = input.event;
  if (!event || typeof event !== "object") return { input, problems: [] };
  const { name, date, endDate, locale } = event as {
    name?: unknown;
    date?: unknown;
    endDate?: unknown;
    locale?: unknown;
  };
  const calendarDate = (value: unknown) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const values: Record<string, string | undefined> = {
    name: typeof name === "string" ? name : undefined,
    // The edition's days: "May 7, 2031", or "May 7–9, 2031" when it spans several.
    date: calendarDate(date)
      ? formatDateSpanIn(
          date as string,
          calendarDate(endDate) ? (endDate as string) : undefined,
          // In the edition's language; a malformed locale is the schema's to report.
          typeof locale === "string" ? locale : "en",
        )
      : undefined,
    edition: editionId,
  };
  const problems: string[] = [];
  const fill = (value: unknown, where: string[]): unknown => {
    if (typeof value === "string") {
      return value.replace(/\{([^{}\s]*)\}/g, (whole, key: string) => {
        if (key in values) return values[key] ?? whole; // A malformed name or date is the schema's to report.
        problems.push(
          `event ${where.join(" ")}: ${whole} is not a placeholder (use ${placeholderNames.map((p) => `{${p}}`).join(", ")})`,
        );
        return whole;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => fill(item, [...where, String(i + 1)]));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, fill(item, [...where, key])] as const),
      );
    }
    return value;
  };
  const filled = Object.fromEntries(
    Object.entries(event).map(([key, item]) => [key, key === "name" || key === "date" ? item : fill(item, [key])]),
  );
  return { input: { ...input, event: filled as EditionInput["event"] }, problems };
}

/**
 * Every text of the edition that holds a character no page can show (text-characters.ts), named by its record: an
 * organiser's file may carry one pasted from elsewhere, invisible in an editor, and the build would stumble on it
 * far from the cause. The import removes them; by hand, the organiser does.
 */
function unshowableText(input: EditionInput): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, at: PropertyKey[]): void => {
    if (typeof value === "string") {
      const found = [...new Set(value.match(unshowableCharacters))];
      if (found.length > 0) {
        problems.push(
          `${recordAt(input, at)}: holds ${found.map(codePointName).join(", ")}, which no page can show: remove ${found.length === 1 ? "it" : "them"}`,
        );
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        walk(item, [...at, i]);
      });
    } else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) walk(item, [...at, key]);
  };
  walk(input, []);
  return problems;
}

/** The offset an ISO instant is written with; "Z" is +00:00. */
function offsetOf(value: string) {
  return /([+-]\d{2}:\d{2})$/.exec(value)?.[1] ?? "+00:00";
}

/**
 * Where a schema problem lies, naming the record by its id rather than its position: `talks "nomic" title`
 * rather than `talks.3.title`, so an organiser finds it in the file at once.
 */
function recordAt(input: EditionInput, issuePath: PropertyKey[]): string {
  const [section, index, ...rest] = issuePath;
  if (section === undefined) return "(root)";
  const records: unknown = input[section as keyof EditionInput];
  if (typeof index === "number" && Array.isArray(records)) {
    const record: unknown = records[index];
    const key =
      record && typeof record === "object"
        ? ((record as { id?: unknown; slug?: unknown }).id ?? (record as { slug?: unknown }).slug)
        : undefined;
    const name = typeof key === "string" ? `"${key}"` : `#${String(index + 1)}`;
    return [`${String(section)} ${name}`, ...rest.map(String)].join(" ");
  }
  return issuePath.map(String).join(".");
}
