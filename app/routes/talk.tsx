import { Suspense } from "react";
import * as content from "../../content";
import { QuestionsSection } from "../components/questions/lazy-questions-section";
import type { AgendaSlot, Talk } from "../../content";
import { TalkDetails } from "../components/talk-details";
import { TrackLink } from "../components/track-link";
import { trackFinder } from "../../content/tracks";
import { cardSpeaker } from "../components/speaker-card";
import { normalisePath, speakersByIds } from "../lib/lookups";
import { roomById, slotOfTalk, talkByPath } from "../lib/talk-lookups";
import { questionWindowOf, takesQuestions } from "../../common/question-contract";
import { pageMeta, titled } from "../lib/seo";
import { sessionCalendarPath, shareImagePath } from "../../common/site-paths";
import { stagePath } from "../lib/stage";
import type { Route } from "./+types/talk";
import * as m from "../i18n/messages";
import { sessionTypeWords } from "../lib/session-type-words";
import { prerenderedOrNotFound } from "../lib/prerendered-data";

// One module serves every catalogue talk: routes.ts gives a folder of talks one route, and the path picks the talk.
function talkAt(pathname: string) {
  const talk = talkByPath(normalisePath(pathname));
  const slot = talk && slotOfTalk(talk.id);
  if (!talk || !slot) throw new Error(`No talk is scheduled at ${pathname}`);
  return { talk, slot };
}

/** What the talk's share card shows, for readers who cannot see it. */
function shareImageAlt(talk: Talk, slot: AgendaSlot): string {
  const names = speakersByIds(slot.speakerIds).map((speaker) => speaker.name);
  const words = { title: talk.title, type: sessionTypeWords(slot.type), event: content.event.name };
  return names.length > 0
    ? m.talkShareImageAltWith({ ...words, names: names.join(m.listSeparator) })
    : m.talkShareImageAlt(words);
}

/**
 * Runs at build time only: each talk page is prerendered with its own talk and speaker in its data, so the browser
 * never downloads the whole programme to show one talk (client navigation fetches the prerendered `.data` file).
 */
export function loader({ url }: Route.LoaderArgs) {
  const { talk, slot } = talkAt(url.pathname);
  const settings = content.event.questions;
  const window = questionWindowOf(slot, settings);
  return {
    talk,
    sessionId: slot.id,
    type: sessionTypeWords(slot.type),
    start: slot.start,
    end: slot.end,
    location: content.event.location,
    room: slot.room === undefined ? undefined : roomById(slot.room)?.name,
    stage: stagePath(slot.room),
    // The edition's track, whose page it links to; or, in an edition without tracks.json, the slot's own words.
    track: trackFinder(content.tracks)(slot) ?? slot.track,
    recording: slot.recording,
    doNotRecord: slot.doNotRecord,
    // What a speaker's card shows, not their links.
    speakers: speakersByIds(slot.speakerIds).map(cardSpeaker),
    shareImageAlt: shareImageAlt(talk, slot),
    // The page's questions section, where the session's type takes questions (its window as the edition sets it;
    // the server's own, with any override, arrives once the page runs).
    questions: takesQuestions(slot.type, settings)
      ? { sessionId: slot.id, opens: window.opens.toISOString(), closes: window.closes.toISOString() }
      : undefined,
  };
}

/**
 * On client-side navigation: the talk's prerendered data, or the not-found page for a path no talk has (a folder's
 * `talks/:talk` route matches every path in the folder).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return prerenderedOrNotFound(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { talk, shareImageAlt } = loaderData;
  return pageMeta({
    title: titled(talk.title),
    description: talk.description,
    path: talk.path,
    image: { path: shareImagePath(talk.id), alt: shareImageAlt },
  });
};

export default function TalkPage({ loaderData }: Route.ComponentProps) {
  const {
    talk,
    sessionId,
    type,
    start,
    end,
    location,
    room,
    stage,
    track,
    recording,
    doNotRecord,
    speakers,
    questions,
  } = loaderData;
  return (
    <TalkDetails
      title={talk.title}
      eventType={type}
      abstract={talk.abstract}
      description={talk.description}
      room={room}
      stage={stage}
      track={typeof track === "object" ? <TrackLink track={track} /> : track}
      links={talk.links}
      originUrl={talk.originUrl}
      start={start}
      end={end}
      location={location}
      speakers={speakers}
      tags={talk.tags}
      highlights={talk.highlights}
      topics={talk.topics}
      calendarPath={sessionCalendarPath(talk.id)}
      sessionId={sessionId}
      recording={recording}
      doNotRecord={doNotRecord}
      questions={
        questions ? (
          <Suspense>
            <QuestionsSection {...questions} askWithoutScript />
          </Suspense>
        ) : undefined
      }
    />
  );
}
