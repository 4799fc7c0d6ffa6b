// Path rules that content validation needs as much as the pages do, in a module that reads no content (site-paths.ts
// reads the edition, which validation is still checking).

/** The speakers' directory: everyone on the programme, A to Z. */
export const speakersPath = "/speakers";

export function speakerPath(id: string): string {
  return `/speakers/${id}`;
}

/** A track's page, by its slug (tracks.json): the agenda's `?track=` filter names it by the same slug. */
export function trackPath(slug: string): string {
  return `/tracks/${slug}`;
}

/** The agenda showing one track's sessions: its `?track=` filter, by the slug of the track's page. */
export function agendaOfTrack(slug: string): string {
  return `/agenda?track=${slug}`;
}

/** An edition's name as a path segment: letters and digits, lowercase, the rest as single hyphens. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
