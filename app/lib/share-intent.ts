import * as m from "../i18n/messages";
import { sentenceList, type ListedSession } from "./speaker-schedule";

/** X's post composer; it fills the text from `text` and lets the speaker edit it before posting. */
export const postIntentEndpoint = "https://x.com/intent/post";

/**
 * How a session reads in the post, "my talk": the spec names both demo kinds simply as a demo. Another kind (an
 * imported schedule's "Workshop") is "my session", since its name is the edition's word, not the language's.
 */
const typeNoun: Partial<Record<ListedSession["type"], string>> = {
  Talk: m.shareMyTalk,
  "Q&A": m.shareMyQa,
  Panel: m.shareMyPanel,
  "Featured Demo": m.shareMyDemo,
  "Submitted Demo": m.shareMyDemo,
};

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
  type: ListedSession["type"];
  participants: string[];
  livestreamName: string;
  broadcastUrl: string;
}): string {
  const words = { session: typeNoun[type] ?? m.shareMySession, livestream: livestreamName, url: broadcastUrl };
  return participants.length > 0
    ? m.shareTextWith({ ...words, names: sentenceList(participants) })
    : m.shareText(words);
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
  sessions: ListedSession[],
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
