import { formatCalendarDate, isoOffset, zonedDate, zoneOffsetMinutes } from "../app/lib/time";
import { editionSchema, type Edition, type EditionInput } from "./schema";

/** Thrown when the edition's content breaks a rule; its message lists every problem found, one a line. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The edition's content is invalid:\n- ${problems.join("\n- ")}`);
    this.name = "ContentError";
  }
}

/**
 * Parses the edition and checks the rules that span records: unique ids and paths, references that resolve,
 * times on the day and in the stated zone, one stream without overlaps, nobody in two places at once.
 * `editionId` is the edition's folder, which the event's links may name (see `fillPlaceholders`).
 */
export function validateEdition(authored: EditionInput, editionId: string): Edition {
  const filled = fillPlaceholders(authored, editionId);
  if (filled.problems.length > 0) throw new ContentError(filled.problems);
  const input = filled.input;
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
  unique("page path", [
    ...edition.talks.map((t) => t.path),
    edition.panelPage.path,
    ...edition.briefings.map((b) => b.path),
  ]);

  const speaker = (ref: string, where: string) => {
    if (!speakers.has(ref)) problems.push(`${where} refers to unknown speaker "${ref}"`);
  };

  const checkTimes = (where: string, start: string, end: string) => {
    if (Date.parse(start) >= Date.parse(end)) problems.push(`${where} ends before it starts`);
    for (const value of [start, end]) {
      const instant = new Date(value);
      if (zonedDate(instant, event.timeZone) !== event.date) {
        problems.push(`${where}: ${value} is not on ${event.date} in ${event.timeZone}`);
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
    slot.speakerIds.forEach((ref) => {
      speaker(ref, where);
    });
    if (slot.talkId) {
      const talk = edition.talks.find((t) => t.id === slot.talkId);
      if (!talk) problems.push(`${where} refers to unknown talk "${slot.talkId}"`);
      else {
        if (talk.eventType !== slot.type) {
          problems.push(`${where} is a ${slot.type} but talk "${talk.id}" is a ${talk.eventType}`);
        }
        if (!slot.speakerIds.includes(talk.speakerId)) {
          problems.push(`${where} presents talk "${talk.id}" without its speaker "${talk.speakerId}"`);
        }
      }
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
  slots.forEach((current, i) => {
    const previous = slots[i - 1];
    if (previous && Date.parse(current.start) < Date.parse(previous.end)) {
      problems.push(`agenda slots "${previous.id}" and "${current.id}" overlap`);
    }
  });

  // One person cannot be in two sessions at once, on stream or backstage.
  const bookings = new Map<string, { id: string; start: number; end: number }[]>();
  const book = (ref: string, id: string, start: string, end: string) => {
    const list = bookings.get(ref) ?? [];
    const range = { id, start: Date.parse(start), end: Date.parse(end) };
    const clash = list.find((other) => range.start < other.end && other.start < range.end);
    if (clash) problems.push(`speaker "${ref}" is booked in "${clash.id}" and "${id}" at the same time`);
    list.push(range);
    bookings.set(ref, list);
  };
  for (const slot of edition.agenda) {
    for (const ref of new Set([...(slot.hostId ? [slot.hostId] : []), ...slot.speakerIds])) {
      book(ref, slot.id, slot.start, slot.end);
    }
  }
  for (const session of edition.backstage) {
    session.participantIds.forEach((ref) => {
      book(ref, session.id, session.start, session.end);
    });
  }

  for (const talk of edition.talks) {
    speaker(talk.speakerId, `talk "${talk.id}"`);
    const presented = edition.agenda.filter((slot) => slot.talkId === talk.id).length;
    if (presented !== 1) problems.push(`talk "${talk.id}" is on the agenda ${presented} times, not once`);
  }

  const panel = edition.panelPage;
  checkTimes(`panel page "${panel.id}"`, panel.start, panel.end);
  panel.speakerIds.forEach((ref) => {
    speaker(ref, `panel page "${panel.id}"`);
  });

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

  if (problems.length > 0) throw new ContentError(problems);
  return edition;
}

/** What the event's texts and links may say in braces, and what each becomes. */
export const placeholderNames = ["name", "date", "edition"] as const;

/**
 * The event's texts and links may write the edition's name as {name}, its day as {date} ("April 14, 2027") and its
 * folder as {edition} ("glosaic-2027"), so that a copy of last year's edition with a new name and date says the new
 * ones everywhere, down to its links, without a search and replace. The name and the date themselves are literal.
 */
export function fillPlaceholders(input: EditionInput, editionId: string): { input: EditionInput; problems: string[] } {
  const event: unknown = input.event;
  if (!event || typeof event !== "object") return { input, problems: [] };
  const { name, date } = event as { name?: unknown; date?: unknown };
  const values: Record<string, string | undefined> = {
    name: typeof name === "string" ? name : undefined,
    date: typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatCalendarDate(date) : undefined,
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
