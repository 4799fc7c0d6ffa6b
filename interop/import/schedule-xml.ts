import { EntityDecoder } from "@nodable/entities";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { shiftDate } from "../../common/time";
import { ImportError } from "./import-error";
import { some, type ImportNotes } from "./import-notes";

/**
 * frab's schedule.xml (pentabarf's format, as frab, pretalx, C3VOC's hub and FOSDEM write it;
 * interop/formats/schedule.xml.xsd) read into the object a schedule.json parses to, so that one schema (schedule-file.ts) and one reader
 * (read-schedule.ts, read-session.ts) take both formats: what the import mends or refuses, and the notes it prints,
 * are the same whichever format the programme came in. Only what the XML writes differently is translated here:
 * attributes and child elements into fields, `<days>` (a count) into `daysCount`, the conference's `<base_url>` up to
 * the schedule, each day's rooms into a list of rooms and an object of sessions by room name, `<recording>` into
 * `recording_license` and `do_not_record`. An element the XML has and the JSON does not keeps its name, so the import
 * names it among the fields outside the schema as it does for JSON. Decision 068.
 */

/** An element as the parser gives it: its text, or its attributes (`@name`), text (`#text`) and children. */
type XmlNode = string | { [key: string]: XmlNode | XmlNode[] };
type XmlElement = Exclude<XmlNode, string>;
type Fields = Record<string, unknown>;

/**
 * The elements the format repeats, by their path: always read as lists, even where a file has one. (A session's
 * `<track>` is its one track; the conference's are its list.)
 */
const repeated = new Set(
  [
    "day",
    "day.room",
    "day.room.event",
    "day.room.event.persons.person",
    "day.room.event.links.link",
    "day.room.event.attachments.attachment",
    "conference.track",
    "tracks.track",
  ].map((path) => `schedule.${path}`),
);

/**
 * The parser: attributes kept, every value a string as written (an id "0012" or a version "1.10" stays what it is),
 * the text trimmed as the JSON reader trims it. Entities: XML's five and numeric references are decoded; a file that
 * declares entities of its own is refused (below), since no exporter writes one and a "billion laughs" file expands
 * a few lines into gigabytes; the DOCTYPE itself is read within the parser's limits.
 */
function xmlParser(name: string): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    textNodeName: "#text",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (_tagName, path, _isLeaf, isAttribute) => !isAttribute && typeof path === "string" && repeated.has(path),
    processEntities: { maxEntityCount: 10, maxEntitySize: 1000 },
    entityDecoder: new EntityDecoder({
      onInputEntity: (entity) => {
        throw new ImportError(
          `${name} is not a schedule: it declares XML entities of its own (${entity}), which no schedule export does`,
        );
      },
    }),
  });
}

/**
 * A schedule.xml as the object a schedule.json parses to: `{ schedule: { version, base_url, conference: { ...,
 * tracks, rooms, days: [{ index, date, day_start, day_end, rooms: { <room name>: [sessions] } }] } } }`. Refused in
 * one line where it is not well-formed XML, or not a schedule: another root, no `<conference>`, no `<day>`.
 */
export function scheduleXmlAsJson(text: string, name: string, notes: ImportNotes): unknown {
  const notSchedule = (reason: string) => new ImportError(`${name} is not a schedule: ${reason}`);
  // fast-xml-parser deprecates its validator for the fast-xml-validator package, which brings a second XML parser
  // (for business rules) to check what this one checks: kept, in the version pinned (decision 068).
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    throw notSchedule(`it is not well-formed XML (line ${String(verdict.err.line)}: ${verdict.err.msg})`);
  }
  const document = xmlParser(name).parse(text) as Record<string, XmlNode>;
  const [rootName, root] = Object.entries(document).find(([key]) => !key.startsWith("?")) ?? [];
  if (rootName !== "schedule") throw notSchedule(`its root element is <${rootName ?? ""}>, not <schedule>`);
  const schedule = element(root);
  const conference = schedule.conference;
  if (!conference) throw notSchedule("it has no <conference>");
  if (Array.isArray(conference)) throw notSchedule("it has more than one <conference>");
  const days = list(schedule.day);
  if (days.length === 0) throw notSchedule("it has no <day>");

  const { base_url, ...conferenceFields } = conferenceRecord(element(conference));
  // Some exporters (FOSDEM) list the tracks in <tracks> beside the conference rather than in it.
  const tracks = [...list(element(conference).track), ...list(element(schedule.tracks).track)].map(trackRecord);
  const dayChange = stringField(conferenceFields.day_change);
  const rooms = new Map<string, Fields>();
  const dayRecords = days.map((day, i) => dayRecord(element(day), i, { name, rooms, dayChange, notes }));
  return {
    schedule: {
      ...fieldsOf(schedule, ["conference", "day", "tracks"]),
      base_url,
      conference: {
        ...conferenceFields,
        ...(tracks.length > 0 ? { tracks } : {}),
        rooms: [...rooms.values()],
        days: dayRecords,
      },
    },
  };
}

/** A node as an element: text alone is an element with text only, an absent one an empty element. */
function element(node: XmlNode | XmlNode[] | undefined): XmlElement {
  if (node === undefined || Array.isArray(node)) return {};
  return typeof node === "string" ? { "#text": node } : node;
}

function list(node: XmlNode | XmlNode[] | undefined): XmlNode[] {
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

/** An element's text, trimmed; empty (`<subtitle/>`) reads as absent, as an empty string does in JSON. */
function textOf(node: XmlNode | XmlNode[] | undefined): string | undefined {
  const text = element(node)["#text"];
  return typeof text === "string" && text.trim() !== "" ? text.trim() : undefined;
}

function stringField(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** An element's attributes as fields, by name. */
function attributesOf(node: XmlElement): Fields {
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key.startsWith("@"))
      .map(([key, value]) => [key.slice(1), value]),
  );
}

/**
 * An element's attributes and children as fields, but for the children named in `read` (read on their own); an empty
 * child (`<subtitle/>`) is left out, as absent.
 */
function fieldsOf(node: XmlElement, read: string[] = []): Fields {
  const fields = attributesOf(node);
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith("@") || key === "#text" || read.includes(key)) continue;
    const value = valueOf(child);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

/**
 * What an element says as a field: its text where it holds only text (attributes on a text element, such as a
 * track's slug, are the JSON's string and are not kept), else its attributes and children as fields.
 */
function valueOf(node: XmlNode | XmlNode[]): unknown {
  if (Array.isArray(node)) return node.map(valueOf);
  const text = textOf(node);
  if (text !== undefined) return text;
  const fields = fieldsOf(element(node));
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The conference's fields under the names the JSON gives them. */
function conferenceRecord(node: XmlElement): Fields {
  const { days, color, ...fields } = fieldsOf(node, ["track"]);
  return {
    ...fields,
    ...(days !== undefined ? { daysCount: days } : {}),
    ...(color !== undefined ? { colors: color } : {}),
  };
}

/** A track as the newer JSON lists them: C3VOC's `<track name color slug/>`, or FOSDEM's `<track>name</track>`. */
function trackRecord(node: XmlNode): Fields {
  const fields = attributesOf(element(node));
  const name = stringField(fields.name) ?? textOf(node);
  return name === undefined ? fields : { ...fields, name };
}

/** What a day needs from the whole file: the rooms met so far, by name, and the hour its days change at. */
interface DayContext {
  name: string;
  rooms: Map<string, Fields>;
  dayChange: string | undefined;
  notes: ImportNotes;
}

/** A day: its attributes under the JSON's names, its sessions by room name; its rooms added to the file's list. */
function dayRecord(node: XmlElement, position: number, at: DayContext): Fields {
  const { index, start, end, ...fields } = fieldsOf(node, ["room"]);
  const sessions: Record<string, Fields[]> = {};
  for (const room of list(node.room)) {
    const roomFields = attributesOf(element(room));
    const roomName = stringField(roomFields.name)?.trim();
    if (!roomName) throw new ImportError(`${at.name}: a <room> of day ${String(position + 1)} has no name`);
    addRoom({ ...roomFields, name: roomName }, at);
    const events = list(element(room).event).map((event) => eventRecord(element(event), node, at));
    // A room written twice in one day holds the sessions of both.
    sessions[roomName] = [...(sessions[roomName] ?? []), ...events];
  }
  return {
    ...fields,
    ...(typeof index === "string" && /^\d+$/.test(index) ? { index: Number(index) } : { index }),
    day_start: start,
    day_end: end,
    rooms: sessions,
  };
}

/**
 * The file's rooms, in the order they first appear, each with the guid it first has: the XML repeats its rooms in
 * every day, where the JSON lists them once in `conference.rooms`. A room given another guid on a later day keeps
 * its first, and says so.
 */
function addRoom(room: Fields, at: DayContext): void {
  const name = String(room.name);
  const known = at.rooms.get(name);
  if (!known) {
    at.rooms.set(name, room);
    return;
  }
  const [first, later] = [stringField(known.guid), stringField(room.guid)];
  if (first === undefined) known.guid = later;
  else if (later !== undefined && later !== first) {
    at.notes.add(
      "xml-room-guids",
      (items) => `Rooms with another guid on a later day kept their first: ${some(items)}`,
      `"${name}" (${first}, not ${later})`,
    );
  }
}

/** A session: its attributes (guid, id, code) and children as the JSON's fields. */
function eventRecord(node: XmlElement, day: XmlElement, at: DayContext): Fields {
  const record: Fields = {
    ...fieldsOf(node, ["persons", "links", "attachments", "recording"]),
    persons: list(element(node.persons).person).map((person) => ({
      ...attributesOf(element(person)),
      name: textOf(person),
    })),
    links: list(element(node.links).link).map(reference),
    attachments: list(element(node.attachments).attachment).map(reference),
    ...recordingFields(node.recording),
  };
  if (record.date === undefined) {
    const date = startFromDay(stringField(record.start), day, at.dayChange);
    if (date) {
      record.date = date;
      at.notes.add(
        "xml-date",
        (items) => `Sessions without a <date> start on their day's date at their <start> time: ${some(items)}`,
        `"${String(record.slug ?? record.guid ?? record.id ?? record.title)}"`,
      );
    }
  }
  return record;
}

/** A link or attachment: `<link href="...">title</link>`. */
function reference(node: XmlNode): Fields {
  return { ...attributesOf(element(node)), title: textOf(node) };
}

/**
 * `<recording><license/><optout>true</optout></recording>` as the JSON's `recording_license` and `do_not_record`;
 * what else it holds keeps its name (`recording_url`), to be named among the fields outside the schema.
 */
function recordingFields(recording: XmlNode | XmlNode[] | undefined): Fields {
  const { license, optout, ...others } = fieldsOf(element(recording));
  return {
    ...(license !== undefined ? { recording_license: license } : {}),
    // xs:boolean: "true" or "1".
    ...(optout !== undefined ? { do_not_record: optout === "true" || optout === "1" } : {}),
    ...Object.fromEntries(Object.entries(others).map(([key, value]) => [`recording_${key}`, value])),
  };
}

/**
 * Where a session has no `<date>` (pentabarf's and FOSDEM's older files give only `<start>`), its day's date at its
 * start time, without an offset (the zone decides it): on the next calendar day when it starts before the day does
 * (the day's `start`, or the conference's `day_change`), as a session past midnight does.
 */
function startFromDay(start: string | undefined, day: XmlElement, dayChange: string | undefined): string | undefined {
  const date = stringField(attributesOf(day).date);
  const [, hour, minute, second] = /^(\d{1,2}):(\d{2})(:\d{2})?$/.exec(start ?? "") ?? [];
  if (!date || !hour || !minute) return undefined;
  const time = `${hour.padStart(2, "0")}:${minute}`;
  const dayStart = /T(\d{2}:\d{2})/.exec(stringField(attributesOf(day).start) ?? "")?.[1] ?? dayChange?.slice(0, 5);
  const onDate = dayStart && time < dayStart ? shiftDate(date, 1) : date;
  return `${onDate}T${time}${second ?? ""}`;
}
