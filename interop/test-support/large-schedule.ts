import { zonedInstant, zonedIso } from "../../common/time";
import { urlNamespace, uuidV5 } from "../guids";

/**
 * A programme of any size, as pretalx writes schedule.json today (C3VOC 1.x with `$schema`, `conference.rooms` with
 * their guids, `conference.tracks` with their colours), for tests and benchmarks at the size of a real event and for
 * trying the site at that size (`npm run generate-schedule`). FOSDEM's size by default. The same options and seed
 * always give the same file, byte for byte; names and titles come in many scripts. Each of real exports' oddities
 * can be switched on, a few sessions each, for the import's tests of them; without any, the programme is tidy: the
 * import takes it with nothing to mend.
 */

export const oddities = [
  /** Two sessions share a guid (a few pairs). */
  "duplicate-guids",
  /** A session starts before the one before it in its room has ended. */
  "overlaps",
  /** Sessions of no length ("00:00"), and sessions with neither a duration nor an end. */
  "zero-length",
  /** Sessions whose `end` comes before their start. */
  "end-before-start",
  /** Late sessions that run past midnight into the next day. */
  "past-midnight",
  /** Sessions with no persons. */
  "no-persons",
  /** A schedule merged from two sources: frab-shaped persons (an `id`, no guid or code) whose ids repeat. */
  "shared-person-ids",
  /** No `conference.rooms`: the rooms are only the days' keys. */
  "no-room-list",
  /** Control characters and Unicode noncharacters in titles, names and abstracts. */
  "control-characters",
  /** Abstracts and descriptions in HTML and in Markdown. */
  "markup-abstracts",
] as const;
export type Oddity = (typeof oddities)[number];

export interface LargeScheduleOptions {
  sessions: number;
  rooms: number;
  days: number;
  persons: number;
  tracks: number;
  seed: number;
  /** The first day, and the zone every time is written in. */
  firstDay: string;
  timeZone: string;
  /** Where the persons' avatars are (`<avatars>/<code>.png`); none when absent. */
  avatars?: string;
  oddities: Oddity[];
}

/** FOSDEM's size: about 1,100 sessions in 35 rooms over a weekend, 1,200 speakers, some 60 tracks. */
export const fosdemSize: LargeScheduleOptions = {
  sessions: 1100,
  rooms: 35,
  days: 2,
  persons: 1200,
  tracks: 60,
  seed: 1,
  firstDay: "2031-02-01",
  timeZone: "Europe/Brussels",
  oddities: [],
};

/* The file's shape, as far as it is written here. */
export interface GeneratedPerson {
  guid?: string;
  code?: string;
  id?: number;
  name: string;
  public_name: string;
  biography: string | null;
  avatar?: string;
  url?: string;
}
export interface GeneratedSession {
  guid: string;
  id: number;
  code: string;
  date: string;
  start: string;
  duration?: string;
  end?: string;
  room: string;
  slug: string;
  url: string;
  title: string;
  subtitle: null;
  track: string;
  type: string;
  language: string;
  abstract: string;
  description: string;
  persons: GeneratedPerson[];
  links: { title: string; url: string }[];
}
export interface GeneratedRoom {
  name: string;
  slug: string;
  guid: string;
  capacity: number;
}
export interface GeneratedSchedule {
  $schema: string;
  schedule: {
    version: string;
    base_url: string;
    conference: {
      acronym: string;
      title: string;
      start: string;
      end: string;
      daysCount: number;
      timeslot_duration: string;
      time_zone_name: string;
      url: string;
      rooms?: GeneratedRoom[];
      tracks: { name: string; slug: string; color: string }[];
      days: {
        index: number;
        date: string;
        day_start: string;
        day_end: string;
        rooms: Record<string, GeneratedSession[]>;
      }[];
    };
  };
}

/** Mulberry32: a small seeded generator, so that a seed gives the same programme on every machine. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: <T>(items: T[]): T => items[below(items.length)] as T };
}

/* Names and words in many scripts: Polish, Czech, Norwegian, Turkish, Greek, Cyrillic, Japanese, and others. */
/** A pool of words written as one line: the items between the bars. */
const pool = (items: string) => items.split("|");
const givenNames = pool(
  "Łukasz|Jiří|Agnieszka|Tomáš|Ingrid|Hüseyin|Γιώργος|Ольга|健太|Aoife|Mateus|Leilani|Ørjan|Ğülşen|Yağmur|Άννα|Νικόλαος|Дмитрий|Анастасия|さくら|太郎|Zoë|Søren|Ana|José|Chloé|Ngozi|Priya|Wei|Mădălina|Þórdís|Siobhán|Kofi|Ilse|Maximilian|Dvořák|Émilie|Björn|Nuño|Oksana|Jae-won|Fatma",
);
const familyNames = pool(
  "Wiśniewski|Dvořák|Lindqvist|Kaya|Σταυρίδης|Петрова|鈴木|Mbeki|Rossi|Dubois|Ødegård|Doğan|Ğündüz|Παπαδοπούλου|Οικονόμου|Иванова|Смирнов|山田|佐藤|García|Müller|Nguyễn|Kowalczyk|Śliwińska|Håkansson|O'Brien|van der Berg|Łęcka|Øvrebø|Novák|Ferreira|Okafor|Sharma|Chen|Kim|Yılmaz|Černá|Jónsdóttir|Leclerc",
);
const subjects = pool(
  "Rust 🦀 in the kernel|Reproducible builds|Zero-copy networking|Ένα ανοιχτό λειτουργικό σύστημα|Открытые данные для городов|分散システムの設計|Łatwe testy integracyjne|Jak přežít migraci databáze|Ørsmå mikrokontrollere|Ğ ile başlayan bir şey|WebAssembly outside the browser|Accessible maps 🗺️|Formal verification for the rest of us|Sustainable open hardware ♻️|Real-time audio on Linux 🎧|Federated chat at scale|Compilers as databases|コミュニティの育て方|Memory safety without garbage|Tiny machine learning 🤖|Öffentliche Verwaltung mit freier Software|Packaging for ten distributions",
);
const angles = pool(
  "a field report|lessons from five years|what we got wrong|the next ten years|from zero to production|οδηγός για αρχάριους|практическое введение|入門|wprowadzenie|úvod pro začátečníky|🚀",
);
const topics = pool(
  "Rust|Go|Kernel|Databases|Security|Embedded|Graphics|Legal and Policy|Open Hardware|Containers|Decentralised Internet|Python|JavaScript|Testing|Mozilla|LLVM|Networking|Open Media|Geospatial|Accessibility|Community|Education|Science|Energy|Monitoring|Microkernels|Distributions|Package Management|Compilers|Documentation|Translations 🌍|Ελεύθερο Λογισμικό|Свободное ПО|オープンソース|Public Code|Music Production|Retrocomputing|Identity|Mail|Browsers|RISC-V|Collaboration|Design|Free Java|Erlang|Nix|BSD|Virtualisation|HPC|Robotics|Matrix|Firmware|SBOM|Observability|Web Performance|Keyboards|Lightning Talks|Main Track|Open Research|Radio",
);
const sentences = pool(
  "This talk shows how the project grew from a weekend hack into something thousands rely on.|We walk through the design, the mistakes, and what we would do differently.|Bring your questions: the second half is a live demonstration.|Ανοιχτός κώδικας για όλους, με παραδείγματα από την πράξη.|Мы расскажем, как сообщество поддерживает проект уже десять лет.|実際の運用で得た知見を共有します。|Pokażemy, jak zacząć w pięć minut.|Ukážeme, proč na tom záleží.|No prior knowledge needed ✨.",
);
const roomPrefixes = pool("H.|K.|UA|UB|AW|J.|D.|Zaal |Αίθουσα |Зал |会議室 ");
const types = ["Talk", "Talk", "Talk", "Lightning Talk", "Panel", "Workshop"];
const languages = ["en", "en", "en", "en", "de", "fr", "ja", "el", "ru", "pl", "cs"];
const durations = [15, 20, 25, 30, 30, 40, 50];

/** Lowercase kebab-case of the Latin letters and digits in a text (empty when there are none). */
const slugOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const two = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/** A programme of the size the options say, tidy unless oddities are named. */
export function largeSchedule(options: Partial<LargeScheduleOptions> = {}): GeneratedSchedule {
  const o = { ...fosdemSize, ...options };
  const random = seeded(o.seed);
  const odd = new Set(o.oddities);
  const acronym = `largeconf-${o.firstDay.slice(0, 4)}`;
  const base = `https://pretalx.example.org/${acronym}/`;
  const guid = (kind: string, n: number | string) =>
    uuidV5(`${base}${String(o.seed)}/${kind}/${String(n)}`, urlNamespace);
  const dates = Array.from({ length: o.days }, (_, d) => {
    const day = new Date(`${o.firstDay}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + d);
    return day.toISOString().slice(0, 10);
  });
  const at = (date: string, minutes: number) =>
    zonedIso(new Date(zonedInstant(date, 0, 0, o.timeZone).getTime() + minutes * 60_000).toISOString(), o.timeZone);

  const rooms: GeneratedRoom[] = Array.from({ length: o.rooms }, (_, r) => {
    const name = `${random.pick(roomPrefixes)}${String(1000 + r * 7 + random.below(7))}`;
    return {
      name,
      slug: slugOf(name) || `room-${String(r + 1)}`,
      guid: guid("room", r),
      capacity: 50 + random.below(20) * 50,
    };
  });
  const tracks = Array.from({ length: o.tracks }, (_, t) => {
    const name = topics[t] ?? `${random.pick(topics)} ${String(Math.floor(t / topics.length) + 1)}`;
    const color = `#${random.below(0x1000000).toString(16).padStart(6, "0")}`;
    return { name, slug: slugOf(name) || `track-${String(t + 1)}`, color };
  });
  const codes = new Set<string>();
  const code = () => {
    const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ3789";
    let made = "";
    while (made.length < 6 || codes.has(made))
      made = Array.from({ length: 6 }, () => letters.charAt(random.below(letters.length))).join("");
    codes.add(made);
    return made;
  };
  // Names are unique while the pools' pairs last, as in a real programme, where two people of one name are rare.
  const pairs = givenNames.flatMap((given) => familyNames.map((family) => `${given} ${family}`));
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [pairs[i], pairs[j]] = [pairs[j] ?? "", pairs[i] ?? ""];
  }
  const people: GeneratedPerson[] = Array.from({ length: o.persons }, (_, p) => {
    const round = Math.floor(p / pairs.length);
    const name = `${pairs[p % pairs.length] ?? ""}${round > 0 ? ` ${String(round + 1)}` : ""}`;
    const personCode = code();
    return {
      guid: guid("person", p),
      code: personCode,
      name,
      public_name: name,
      biography: random.next() < 0.7 ? `${random.pick(sentences)} ${random.pick(sentences)}` : null,
      ...(o.avatars ? { avatar: `${o.avatars.replace(/\/?$/, "/")}${personCode}.png` } : {}),
      url: `${base}speaker/${personCode}/`,
    };
  });

  // Sessions in each room one after the other, a short break between, from 09:00: as many a room and day as it
  // takes to hold them all.
  const perRoomDay = Math.ceil(o.sessions / (o.rooms * o.days));
  const sessions: { session: GeneratedSession; day: number; startMinute: number; endMinute: number }[] = [];
  for (let d = 0; d < o.days && sessions.length < o.sessions; d++) {
    for (let r = 0; r < o.rooms && sessions.length < o.sessions; r++) {
      let minute = 9 * 60;
      for (let s = 0; s < perRoomDay && sessions.length < o.sessions; s++) {
        const length = random.pick(durations);
        if (minute + length > 24 * 60) {
          throw new RangeError(
            `${String(o.sessions)} sessions do not fit in ${String(o.rooms)} rooms over ${String(o.days)} days before midnight: give more rooms or days`,
          );
        }
        const date = dates[d] ?? o.firstDay;
        const n = sessions.length;
        const title = `${random.pick(subjects)}: ${random.pick(angles)}`;
        const sessionCode = code();
        const latin = slugOf(title).split("-").slice(0, 6).join("-");
        sessions.push({
          day: d,
          startMinute: minute,
          endMinute: minute + length,
          session: {
            guid: guid("session", n),
            id: 10_000 + n,
            code: sessionCode,
            date: at(date, minute),
            start: clock(minute),
            duration: clock(length),
            room: rooms[r]?.name ?? "",
            slug: [acronym, String(10_000 + n), latin].filter(Boolean).join("-"),
            url: `${base}talk/${sessionCode}/`,
            title,
            subtitle: null,
            track: random.pick(tracks).name,
            type: random.pick(types),
            language: random.pick(languages),
            abstract: `${random.pick(sentences)} ${random.pick(sentences)}`,
            description: Array.from({ length: 1 + random.below(4) }, () => random.pick(sentences)).join("\n\n"),
            persons: [],
            links: random.next() < 0.2 ? [{ title: "Slides", url: `${base}talk/${sessionCode}/slides.pdf` }] : [],
          },
        });
        minute += length + 5 + 5 * random.below(3);
      }
    }
  }

  // Speakers: every person speaks at least once; some sessions have two or three. Nobody is put in two sessions
  // at once (a tidy programme; pretalx only warns about it).
  const busy = new Map<number, { day: number; from: number; to: number }[]>();
  let next = 0;
  const free = (p: number, slot: (typeof sessions)[number]) =>
    !(busy.get(p) ?? []).some((b) => b.day === slot.day && b.from < slot.endMinute && slot.startMinute < b.to);
  const seat = (slot: (typeof sessions)[number]) => {
    for (let tries = 0; tries < people.length; tries++) {
      const p = next++ % people.length;
      const person = people[p];
      if (person && free(p, slot) && !slot.session.persons.includes(person)) {
        busy.set(p, [...(busy.get(p) ?? []), { day: slot.day, from: slot.startMinute, to: slot.endMinute }]);
        slot.session.persons.push(person);
        return;
      }
    }
  };
  const extra = Math.max(0, people.length - sessions.length);
  for (const [i, slot] of sessions.entries()) {
    seat(slot);
    if (i < extra) seat(slot);
    if (random.next() < 0.1) seat(slot);
  }

  applyOddities(odd, sessions, people, random, at, dates);

  const schedule: GeneratedSchedule = {
    $schema: "https://c3voc.de/schedule/schema.json",
    schedule: {
      version: `generated ${String(o.seed)}`,
      base_url: base,
      conference: {
        acronym,
        title: `LargeConf ${o.firstDay.slice(0, 4)}`,
        start: dates[0] ?? o.firstDay,
        end: dates.at(-1) ?? o.firstDay,
        daysCount: o.days,
        timeslot_duration: "00:05",
        time_zone_name: o.timeZone,
        url: base,
        ...(odd.has("no-room-list") ? {} : { rooms }),
        tracks,
        days: dates.map((date, d) => ({
          index: d + 1,
          date,
          day_start: at(date, 8 * 60),
          day_end: at(date, 24 * 60 + 3 * 60 + 59),
          rooms: Object.fromEntries(
            rooms.map((room) => [
              room.name,
              sessions.filter((s) => s.day === d && s.session.room === room.name).map((s) => s.session),
            ]),
          ),
        })),
      },
    },
  };
  return schedule;
}

/** Each oddity asked for, on a few sessions spread over the programme. */
function applyOddities(
  odd: Set<Oddity>,
  sessions: { session: GeneratedSession; day: number; startMinute: number; endMinute: number }[],
  people: GeneratedPerson[],
  random: ReturnType<typeof seeded>,
  at: (date: string, minutes: number) => string,
  dates: string[],
): void {
  const few = (salt: number, count = 3) =>
    Array.from(
      { length: count },
      (_, i) => sessions[(salt + i * Math.floor(sessions.length / count)) % sessions.length],
    ).filter((s) => s !== undefined);
  if (odd.has("duplicate-guids")) {
    for (const s of few(1)) {
      const other = sessions[(sessions.indexOf(s) + 1) % sessions.length];
      if (other) other.session.guid = s.session.guid;
    }
  }
  if (odd.has("overlaps")) {
    for (const s of few(2)) {
      const before = sessions[sessions.indexOf(s) - 1];
      if (before?.session.room === s.session.room && before.day === s.day) {
        s.session.date = at(dates[s.day] ?? "", before.endMinute - 10);
        s.session.start = clock(before.endMinute - 10);
      }
    }
  }
  if (odd.has("zero-length")) {
    const [zero, open] = few(3, 2);
    if (zero) zero.session.duration = "00:00";
    if (open) delete open.session.duration;
  }
  if (odd.has("end-before-start")) {
    for (const s of few(4)) {
      delete s.session.duration;
      s.session.end = at(dates[s.day] ?? "", s.startMinute - 30);
    }
  }
  if (odd.has("past-midnight")) {
    // The last session of a room's day, moved to 23:30 for 90 minutes.
    for (const s of few(5)) {
      const last = sessions.filter((t) => t.day === s.day && t.session.room === s.session.room).at(-1) ?? s;
      last.session.date = at(dates[last.day] ?? "", 23 * 60 + 30);
      last.session.start = "23:30";
      last.session.duration = "01:30";
    }
  }
  if (odd.has("no-persons")) for (const s of few(6)) s.session.persons = [];
  if (odd.has("shared-person-ids")) {
    // Two merged sources number their people from 1 each: the second half's ids repeat the first half's.
    const half = Math.ceil(people.length / 2);
    for (const [p, person] of people.entries()) {
      delete person.guid;
      delete person.code;
      person.id = 1 + (p % half);
    }
  }
  if (odd.has("control-characters")) {
    const marks = ["\u0007", "\u001b[0m", "\u0000", "\ufffe", "\ufdd0", "\u200b", "\r"];
    for (const s of few(7, 4)) {
      s.session.title = `${s.session.title}${random.pick(marks)}`;
      s.session.abstract = `${random.pick(marks)}${s.session.abstract}`;
      const person = s.session.persons[0];
      if (person) person.name = `${person.name}${random.pick(marks)}`;
    }
  }
  if (odd.has("markup-abstracts")) {
    const [html, markdown] = [few(8), few(9)];
    for (const s of html) {
      s.session.abstract = `<p>${s.session.abstract} <b>Bold</b> &amp; <a href="https://example.org/">a link</a></p><script>alert(1)</script>`;
      s.session.description = `<ul><li>${s.session.description}</li><li>&lt;escaped&gt;</li></ul>`;
    }
    for (const s of markdown) {
      s.session.abstract = `**${s.session.abstract}** with [a link](https://example.org/) and \`code\``;
      s.session.description = `# Outline\n\n- ${s.session.description}\n- _more_\n\n\`\`\`sh\nmake\n\`\`\``;
    }
  }
}
