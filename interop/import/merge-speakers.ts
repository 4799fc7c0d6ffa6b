import type { EditionInput } from "../../content/schema";
import { some, type ImportNotes } from "./import-notes";
import { kebab, uniqueId } from "./kebab";
import type { PreviousImport } from "./previous-import";
import type { FilePerson } from "./read-session";

type Speaker = EditionInput["speakers"][number];

/** The file's people as the edition's speakers: by id, each with the speaker they were before, if any. */
export interface MatchedSpeakers {
  byId: Map<string, { person: FilePerson; old: Speaker | undefined }>;
  /** A person's speaker id, by the key that tells people apart in the file. */
  idByKey: Map<string, string>;
}

const sameName = (a: string, b: string) => a.normalize("NFKC").toLowerCase() === b.normalize("NFKC").toLowerCase();

/**
 * Matches the file's people to the edition's speakers by name, so that their ids, titles, links and portraits stay
 * where the file has none; a newcomer gets an id from their name that no one in the edition had.
 */
export function matchSpeakers(
  persons: Map<string, FilePerson>,
  oldSpeakers: Speaker[],
  notes: ImportNotes,
): MatchedSpeakers {
  // Every id the edition had stays taken: a newcomer never takes the id of someone who left.
  const speakerIds = new Set(oldSpeakers.map((s) => s.id));
  const idByKey = new Map<string, string>();
  const byId = new Map<string, { person: FilePerson; old: Speaker | undefined }>();
  for (const person of persons.values()) {
    const old = oldSpeakers.find((s) => sameName(s.name, person.name) && ![...byId.values()].some((v) => v.old === s));
    const base = kebab(person.name) || fileIdOf(person);
    const speakerId = old ? old.id : uniqueId(base, speakerIds);
    speakerIds.add(speakerId);
    if (!old && speakerId !== base) {
      notes.add(
        "homonym",
        (items) => `People whose name gives an id someone else has were given ids of their own: ${some(items)}`,
        `"${speakerId}"`,
      );
    }
    idByKey.set(person.key, speakerId);
    byId.set(speakerId, { person, old });
  }
  return { byId, idByKey };
}

/**
 * An id for a person whose name has no Latin letter to make one of (a name in Cyrillic, Greek or Japanese): the code
 * or id the file gives them, so that such people do not all become speaker, speaker-2, speaker-3.
 */
function fileIdOf(person: FilePerson): string {
  const [kind, value = ""] = person.key.split(/:(.*)/s);
  const fromFile = kind === "name" ? "" : kebab(kind === "guid" ? value.slice(0, 8) : value);
  return fromFile ? `speaker-${fromFile}` : "speaker";
}

/**
 * The edition's speakers that the file does not name and that stay: those added by hand, and those anything kept
 * still names (a demo, a briefing, backstage, the panel page, a hand-made session). A speaker who was only in
 * dropped sessions goes.
 */
export function keptSpeakers(
  previous: PreviousImport,
  matched: MatchedSpeakers,
  notes: ImportNotes,
): { kept: Speaker[]; dropped: Speaker[] } {
  const { edition, handSlots } = previous;
  const importedBefore = new Set(
    (edition?.agenda ?? []).filter((slot) => slot.guid).flatMap((slot) => slot.speakerIds ?? []),
  );
  const stillNamed = new Set(edition ? namedSpeakers({ ...edition, agenda: handSlots }) : []);
  const kept: Speaker[] = [];
  const dropped: Speaker[] = [];
  for (const speaker of edition?.speakers ?? []) {
    if (matched.byId.has(speaker.id)) continue;
    if (importedBefore.has(speaker.id) && !stillNamed.has(speaker.id)) dropped.push(speaker);
    else kept.push(speaker);
  }
  if (dropped.length > 0) {
    notes.add(
      "speakers-dropped",
      () => `Speakers no longer in the programme were removed: ${some(dropped.map((s) => `"${s.id}"`))}`,
    );
  }
  return { kept, dropped };
}

/** Every speaker an edition's records name: its agenda's hosts and speakers, backstage, the panel page, demos, briefings. */
function namedSpeakers(edition: EditionInput): string[] {
  return [
    ...edition.agenda.flatMap((slot) => [...(slot.hostId ? [slot.hostId] : []), ...(slot.speakerIds ?? [])]),
    ...edition.backstage.flatMap((session) => session.participantIds),
    ...(edition.panelPage?.speakerIds ?? []),
    ...edition.demos.map((demo) => demo.presenterId),
    ...edition.briefings.map((briefing) => briefing.speakerId),
  ];
}
