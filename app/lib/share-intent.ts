import { sentenceList, type SpeakerSession } from "./speaker-schedule";

/** X's post composer; it fills the text from `text` and lets the speaker edit it before posting. */
export const postIntentEndpoint = "https://x.com/intent/post";

/** How a session reads in "my {type}": the spec names both demo kinds simply as a demo. */
const typeNoun: Record<SpeakerSession["type"], string> = {
  Talk: "talk",
  "Q&A": "Q&A",
  Panel: "panel",
  "Featured Demo": "demo",
  "Submitted Demo": "demo",
  Break: "break",
  "Green room": "green room",
};

/** "", " with Ada", " with Ada and Ben", " with Ada, Ben and Cy": names joined as a sentence reads them. */
export function withParticipants(names: string[]): string {
  return names.length > 0 ? ` with ${sentenceList(names)}` : "";
}

/**
 * The spec's post, word for word: "Join the livestream for my {type}{ with other participants} on the
 * {livestream name}! {broadcast link}", the name being the edition's livestreamName. The caller
 * passes the other participants only: a speaker does not post "with" themselves.
 */
export function shareIntentText({
  type,
  participants,
  livestreamName,
  broadcastUrl,
}: {
  type: SpeakerSession["type"];
  participants: string[];
  livestreamName: string;
  broadcastUrl: string;
}): string {
  return `Join the livestream for my ${typeNoun[type]}${withParticipants(participants)} on the ${livestreamName}! ${broadcastUrl}`;
}

/** The post-intent link that opens X's composer with the text filled in. */
export function shareIntentUrl(text: string): string {
  return `${postIntentEndpoint}?text=${encodeURIComponent(text)}`;
}

/**
 * What a speaker shares: their first session on the stream (the audience cannot watch the green room), with the
 * others in it. Undefined for someone who is only backstage, such as the rehearsal speaker.
 */
export function speakerShareIntent(
  sessions: SpeakerSession[],
  event: { livestreamName: string; links: { broadcast: string } },
): string | undefined {
  const onStream = sessions.find((session) => session.type !== "Green room");
  if (!onStream) return undefined;
  return shareIntentUrl(
    shareIntentText({
      type: onStream.type,
      participants: onStream.others.map((other) => other.name),
      livestreamName: event.livestreamName,
      broadcastUrl: event.links.broadcast,
    }),
  );
}
