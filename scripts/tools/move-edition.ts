import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { isoOffset, shiftDate, zonedDate, zonedHourMinute, zonedInstant, zoneOffsetMinutes } from "../../common/time";
import { EditionError, editionDir, sectionFiles } from "../../content/editions";

/**
 * What changes from one edition to the next when the programme keeps its shape: the name, the day, the zone.
 * Every instant in the copy moves to the same wall-clock time on the new day in the new zone.
 */
export interface EditionMove {
  name?: string;
  date?: string;
  timeZone?: string;
  timeZoneLabel?: string;
  /** The voting window, as instants with their offsets; left out, it moves like every other instant. */
  votingOpens?: string;
  votingCloses?: string;
}

const instantPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Rewrites an edition's files for its new name, day and zone (a fresh copy, from `npm run new-edition`), formatted
 * as the repository's other files are.
 */
export async function moveEdition(id: string, move: EditionMove, root?: string): Promise<void> {
  const eventFile = path.join(editionDir(id, root), sectionFiles.event);
  const options = (await resolveConfig(eventFile)) ?? {};
  const event = JSON.parse(readFileSync(eventFile, "utf8")) as Record<string, unknown>;
  const fromDate = String(event.date);
  const fromZone = String(event.timeZone);
  const toDate = move.date ?? fromDate;
  const toZone = move.timeZone ?? fromZone;
  const days = Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000);
  if (Number.isNaN(days)) throw new EditionError(`--date ${toDate} is not a date such as 2027-04-14`);

  const moveInstant = (value: string): string => {
    const match = instantPattern.exec(value);
    if (!match) return value;
    const date = shiftDate(zonedDate(new Date(value), fromZone), days);
    const { hour, minute } = zonedHourMinute(value, fromZone);
    const seconds = match[4] ?? "00";
    const moved = zonedInstant(date, hour, minute, toZone);
    const clock = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:${seconds}`;
    return `${date}T${clock}${isoOffset(zoneOffsetMinutes(moved, toZone))}`;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return moveInstant(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    }
    return value;
  };

  for (const file of Object.values(sectionFiles)) {
    const sectionFile = path.join(editionDir(id, root), file);
    // The optional sections (rooms, the panel page) may be absent; the event's file never is.
    if (file !== sectionFiles.event && !existsSync(sectionFile)) continue;
    const moved = walk(JSON.parse(readFileSync(sectionFile, "utf8"))) as Record<string, unknown>;
    if (file === sectionFiles.event) {
      Object.assign(moved, {
        name: move.name ?? event.name,
        date: toDate,
        // An edition of several days keeps its length.
        ...(typeof event.endDate === "string" ? { endDate: shiftDate(event.endDate, days) } : {}),
        timeZone: toZone,
        timeZoneLabel: move.timeZoneLabel ?? event.timeZoneLabel,
      });
      // A zone name written for the old zone would be wrong for the new one; Intl names the new one.
      if (toZone !== fromZone) delete moved.timeZoneName;
      const voting = moved.voting as { opens: string; closes: string };
      moved.voting = { opens: move.votingOpens ?? voting.opens, closes: move.votingCloses ?? voting.closes };
    }
    writeFileSync(sectionFile, await format(JSON.stringify(moved, null, 2), { ...options, filepath: sectionFile }));
  }
}
