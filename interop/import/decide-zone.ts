import { isoOffset, zoneOffsetMinutes } from "../../common/time";
import { ImportError } from "./import-error";
import type { ImportNotes } from "./import-notes";
import { instantOf, type WrittenTime } from "./written-time";

/** What the zone is decided from: each session's times as written, and how messages name it. */
interface WrittenSession {
  label: string;
  start: WrittenTime;
  /** The end as written, where the file writes one. */
  end: WrittenTime | undefined;
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The edition's zone. The file's `time_zone_name` (or --time-zone) where it names one; its times are then written
 * in it, the same instants, whatever offsets the file wrote them with (DemoCon says UTC and writes +01:00). Where
 * it names none, the offsets decide: one offset is UTC or a fixed Etc/GMT zone; several, or one that is not whole
 * hours, cannot say which zone's clock they follow.
 */
export function decideZone(
  named: string | undefined,
  option: string | undefined,
  sessions: WrittenSession[],
  name: string,
  notes: ImportNotes,
): string {
  if (option && !isZone(option))
    throw new ImportError(`--time-zone ${option} is not an IANA time zone such as Europe/Berlin`);
  let zone = option ?? named;
  if (zone && !isZone(zone)) {
    notes.add(
      "zone-unknown",
      () => `The file's time_zone_name "${zone ?? ""}" is not an IANA time zone: it was ignored`,
    );
    zone = undefined;
  }
  const times = sessions.flatMap((s) => [s.start, ...(s.end ? [s.end] : [])]);
  if (!zone) return zoneOfOffsets(sessions, times, name, notes);
  noteTimesInZone(zone, times, notes);
  if (option && named !== option) {
    notes.add(
      "zone-option",
      () => `The times are in ${option}, as --time-zone says${named ? ` (the file names ${named})` : ""}`,
    );
  }
  return zone;
}

/** Says which times the named zone rewrites (other offsets) or places (no offset): the instants stay. */
function noteTimesInZone(zone: string, times: WrittenTime[], notes: ImportNotes): void {
  const differing = new Set<string>();
  let count = 0;
  for (const time of times) {
    if (time.offset === undefined) continue;
    const offset = zoneOffsetMinutes(new Date(instantOf(time, zone)), zone);
    if (offset !== time.offset) {
      count++;
      differing.add(isoOffset(time.offset));
    }
  }
  if (count > 0) {
    notes.add(
      "zone-rewritten",
      () =>
        `The file names the zone ${zone} but writes ${String(count)} times at ${[...differing].join(", ")}: the edition keeps ${zone} and writes those times in it (the same instants)`,
    );
  }
  const unzoned = times.filter((time) => time.offset === undefined).length;
  if (unzoned > 0) {
    notes.add("zone-local", () => `${String(unzoned)} times without an offset were read on the wall clock of ${zone}`);
  }
}

/** The zone of a file that names none: its one whole-hour offset, or a refusal that asks for --time-zone. */
function zoneOfOffsets(sessions: WrittenSession[], times: WrittenTime[], name: string, notes: ImportNotes): string {
  const unzoned = sessions.find((s) => s.start.offset === undefined);
  if (unzoned) {
    throw new ImportError(
      `${name}: the file names no time zone and ${unzoned.label} has a time without an offset (add --time-zone)`,
    );
  }
  const offsets = [...new Set(times.flatMap((time) => (time.offset === undefined ? [] : [time.offset])))];
  const [offset] = offsets;
  if (offset === undefined || offsets.length > 1) {
    throw new ImportError(
      `${name}: the file names no time zone and its times have several offsets (${offsets.map(isoOffset).join(", ")}): add --time-zone`,
    );
  }
  if (offset % 60 !== 0 || offset < -12 * 60 || offset > 14 * 60) {
    throw new ImportError(
      `${name}: the file names no time zone and its offset ${isoOffset(offset)} is not a whole-hour zone: add --time-zone`,
    );
  }
  // Etc/GMT zones count the other way round: Etc/GMT-1 is one hour ahead of UTC.
  const decided = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${String(Math.abs(offset / 60))}`;
  notes.add(
    "zone-decided",
    () =>
      `The file names no time zone: every time is at ${isoOffset(offset)}, so the edition is in ${decided} (check event.json's timeZone)`,
  );
  return decided;
}
