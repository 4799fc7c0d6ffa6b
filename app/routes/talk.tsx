import { useLocation } from "react-router";
import * as content from "../../content";
import type { Talk } from "../../content";
import { TalkDetails } from "../components/talk-details";
import { normalisePath, speakerById, speakersByIds } from "../lib/lookups";
import { slotOfTalk, talkByPath } from "../lib/talk-lookups";
import { pageMeta, titled } from "../lib/seo";
import { sessionCalendarPath, shareImagePath } from "../lib/site-paths";
import type { Route } from "./+types/talk";

// One module serves every catalogue talk: routes.ts gives each talk path its own route, and the path picks the talk.
function talkAt(pathname: string) {
  const talk = talkByPath(normalisePath(pathname));
  const slot = talk && slotOfTalk(talk.id);
  if (!talk || !slot) throw new Error(`No talk is scheduled at ${pathname}`);
  return { talk, slot };
}

/** What the talk's share card shows, for readers who cannot see it. */
function shareImageAlt(talk: Talk): string {
  const speaker = speakerById(talk.speakerId);
  return `${talk.title}${speaker ? `, with ${speaker.name}` : ""}: a ${talk.eventType} at ${content.event.name}`;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const { talk } = talkAt(location.pathname);
  return pageMeta({
    title: titled(talk.title),
    description: talk.description,
    path: talk.path,
    image: { path: shareImagePath(talk.id), alt: shareImageAlt(talk) },
  });
};

export default function TalkPage() {
  const { talk, slot } = talkAt(useLocation().pathname);
  return (
    <TalkDetails
      title={talk.title}
      eventType={talk.eventType}
      description={talk.description}
      start={slot.start}
      end={slot.end}
      location={content.event.location}
      speakers={speakersByIds([talk.speakerId])}
      tags={talk.tags}
      highlights={talk.highlights}
      topics={talk.topics}
      calendarPath={sessionCalendarPath(talk.id)}
    />
  );
}
