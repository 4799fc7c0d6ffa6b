import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fosdemSize, largeSchedule, oddities, type Oddity } from "../../interop/test-support/large-schedule";

/**
 * npm run generate-schedule -- [--sessions 1100] [--rooms 35] [--days 2] [--persons 1200] [--tracks 60] [--seed 1]
 *   [--avatars <base URL>] [--oddity <name>]... --out <file.json>
 * writes a made-up programme as pretalx exports schedule.json (FOSDEM's size by default), to try the import and the
 * site at size: `npm run import -- <file.json>`, then `EDITION=largeconf-2031 npm run build`.
 */
const usage = `npm run generate-schedule -- --out <file.json> [--sessions N] [--rooms N] [--days N] [--persons N] [--tracks N] [--seed N] [--avatars <base URL>] [--oddity ${oddities.join("|")}]...`;

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: "string" },
      sessions: { type: "string" },
      rooms: { type: "string" },
      days: { type: "string" },
      persons: { type: "string" },
      tracks: { type: "string" },
      seed: { type: "string" },
      avatars: { type: "string" },
      oddity: { type: "string", multiple: true },
    },
  });
  if (!values.out || positionals.length > 0) throw new Error(usage);
  const count = (name: "sessions" | "rooms" | "days" | "persons" | "tracks" | "seed") => {
    const written = values[name];
    if (written === undefined) return fosdemSize[name];
    const n = Number(written);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} ${written} is not a whole number of at least 1`);
    return n;
  };
  const asked = values.oddity ?? [];
  const unknown = asked.filter((name) => !(oddities as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown --oddity ${unknown.join(", ")}: one of ${oddities.join(", ")}`);
  const schedule = largeSchedule({
    sessions: count("sessions"),
    rooms: count("rooms"),
    days: count("days"),
    persons: count("persons"),
    tracks: count("tracks"),
    seed: count("seed"),
    avatars: values.avatars,
    oddities: asked as Oddity[],
  });
  writeFileSync(values.out, `${JSON.stringify(schedule, null, 2)}\n`);
  const sessions = schedule.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat()).length;
  console.log(
    `${values.out}: ${String(sessions)} sessions over ${String(schedule.schedule.conference.days.length)} days (${schedule.schedule.conference.acronym}); npm run import -- ${values.out} imports it.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
