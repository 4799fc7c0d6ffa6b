import { edition } from "../../content";
import { TalkDetails } from "../components/talk-details";
import { speakersByIds } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import { formatClock } from "../lib/time";
import type { Route } from "./+types/panel";

const panel = edition.panelPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: titled(panel.title), description: panel.description, path: panel.path });

/** "11:00 AM - 1:00 PM ET": the panel page writes its times as the original announcement did. */
function announcedTime() {
  const { timeZone, timeZoneLabel } = edition.event;
  const clock = (instant: string) => formatClock(instant, timeZone).replace(/(am|pm)$/, (m) => ` ${m.toUpperCase()}`);
  return `${clock(panel.start)} - ${clock(panel.end)} ${timeZoneLabel}`;
}

export default function PanelPage() {
  return (
    <TalkDetails
      title={panel.title}
      eventType="Panel"
      description={panel.description}
      start={panel.start}
      end={panel.end}
      timeText={announcedTime()}
      location={panel.location}
      speakers={speakersByIds(panel.speakerIds)}
      topics={panel.topics}
    />
  );
}
