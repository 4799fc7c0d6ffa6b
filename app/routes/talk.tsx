import { useLocation } from "react-router";
import { edition } from "../../content";
import { TalkDetails } from "../components/talk-details";
import { normalisePath, slotOfTalk, speakersByIds, talkByPath } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/talk";

// One module serves every catalogue talk: routes.ts gives each talk path its own route, and the path picks the talk.
function talkAt(pathname: string) {
  const talk = talkByPath(normalisePath(pathname));
  const slot = talk && slotOfTalk(talk.id);
  if (!talk || !slot) throw new Error(`No talk is scheduled at ${pathname}`);
  return { talk, slot };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const { talk } = talkAt(location.pathname);
  return pageMeta({ title: titled(talk.title), description: talk.description, path: talk.path });
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
      location={edition.event.location}
      speakers={speakersByIds([talk.speakerId])}
      tags={talk.tags}
      highlights={talk.highlights}
      topics={talk.topics}
    />
  );
}
