import { z } from "zod";

/**
 * A schedule.json as pretalx and frab export it (C3VOC 1.x), read leniently: real exports are looser than the
 * schema (interop/formats/schema.json), so a field that is missing, empty or of another type reads as absent, and
 * the import decides what an absent field means: it mends and says so, or refuses in one line. Only what makes a
 * file no schedule at all fails this schema: no `schedule.conference.days` list. A record that is not an object
 * reads as null, for the import to refuse (a session, a day) or to drop with a note (a link).
 */

/** Text as exporters write it: trimmed; empty, missing or not a string reads as absent. */
const text = z.string().trim().min(1).optional().catch(undefined);

/** An id, which frab writes as a number and others as text. */
const numberOrText = z
  .union([z.number(), z.string().trim().min(1)])
  .transform(String)
  .optional()
  .catch(undefined);

/** A list whose items read one by one: an item that is no object is null, anything that is no list is empty. */
function listOf<Item extends z.ZodType>(item: Item) {
  return z.array(item.nullable().catch(null)).catch([]);
}

/** Field names written as words, so the lists read as the schema does. */
function fields(...lines: string[]): string[] {
  return lines.flatMap((line) => line.split(" "));
}

/**
 * Properties the schema knows for the records that allow no others: anything else is an exporter's own field, kept
 * by the loose objects below so that the import can name it, and otherwise ignored. (Persons allow extra fields, so
 * pretalx's `answers` is no break.)
 */
export const schemaFields = {
  conference: fields(
    "acronym title description start end daysCount timeslot_duration time_zone_name logo colors keywords url tracks",
    "rooms meta days",
  ),
  day: fields("index date day_start day_end rooms"),
  session: fields(
    "guid code id logo date start end duration room slug url title subtitle track type language abstract description",
    "recording_license do_not_record do_not_stream persons links feedback_url origin_url attachments",
  ),
  room: fields("name slug type guid stream_id description capacity url features assembly"),
};

/** A session's link or attachment: `url` as the schema writes it, `href` as some exporters do. */
const reference = z.looseObject({ url: text, href: text, title: text });

/** A person in either shape: pretalx's (`name`, `code`, `avatar`, `biography`) or frab's (`public_name`, `id`). */
const person = z.looseObject({
  guid: text,
  code: text,
  id: numberOrText,
  name: text,
  public_name: text,
  biography: text,
  avatar: text,
  links: listOf(reference),
});

const session = z.looseObject({
  guid: text,
  do_not_record: z.boolean().optional().catch(undefined),
  id: numberOrText,
  slug: text,
  title: text,
  date: text,
  end: text,
  duration: text,
  type: text,
  track: text,
  language: text,
  abstract: text,
  description: text,
  url: text,
  origin_url: text,
  links: listOf(reference),
  attachments: listOf(reference),
  persons: listOf(person),
});

/** The start of the fields that hold a room's description in one language: `description_en`. */
export const roomDescriptionPrefix = "description_";

/** A room's description: text, or text per language (pretalx), English first. */
const roomDescription = z
  .union([z.string().trim().min(1), z.record(z.string(), text)])
  .optional()
  .catch(undefined)
  .transform((value) =>
    typeof value === "object" ? (value.en ?? Object.values(value).find((entry) => entry !== undefined)) : value,
  );

/**
 * A room: its description as the schema writes it, or per language in fields of their own (`description_en`,
 * `description_de`, as C3VOC's newer exports do), English first.
 */
const room = z
  .looseObject({ name: text, guid: text, description: roomDescription })
  .transform(({ description, ...record }) => {
    const byLanguage = Object.entries(record).flatMap(([key, value]) =>
      key.startsWith(roomDescriptionPrefix) && typeof value === "string" && value.trim() ? [[key, value.trim()]] : [],
    );
    const english = byLanguage.find(([key]) => key === `${roomDescriptionPrefix}en`);
    return { ...record, description: description ?? (english ?? byLanguage[0])?.[1] };
  });

/** A track as C3VOC's newer exports list them in `conference.tracks`. */
const track = z.looseObject({ name: text, slug: text, color: text });

/** A day: its sessions by the name of their room, each list in time order. */
const day = z.looseObject({ rooms: z.record(z.string(), listOf(session)) });

export const scheduleFileSchema = z.object({
  schedule: z.object({
    base_url: text,
    conference: z.looseObject({
      title: text,
      acronym: text,
      description: text,
      time_zone_name: text,
      timeslot_duration: text,
      tracks: listOf(track),
      rooms: listOf(room),
      days: z.array(day.nullable().catch(null)),
    }),
  }),
});

type ScheduleFile = z.output<typeof scheduleFileSchema>;
export type FileConference = ScheduleFile["schedule"]["conference"];
type FileDay = NonNullable<FileConference["days"][number]>;
export type FileRoomRecord = NonNullable<FileConference["rooms"][number]>;
export type FileTrackRecord = NonNullable<FileConference["tracks"][number]>;
export type FileSessionRecord = NonNullable<FileDay["rooms"][string][number]>;
export type FilePersonRecord = NonNullable<FileSessionRecord["persons"][number]>;
export type FileReference = NonNullable<FileSessionRecord["links"][number]>;
