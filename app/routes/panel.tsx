import * as content from "../../content";
import { TalkDetails } from "../components/talk-details";
import { cardSpeaker } from "../components/speaker-card";
import { speakersByIds } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import { sessionCalendarPath, shareImagePath } from "../../common/site-paths";
import { livePath } from "../lib/stage";
import type { Route } from "./+types/panel";
import * as m from "../i18n/messages";

/**
 * Runs at build time: the panel's page and its panellists with their biographies, which the browser's copy of the
 * edition leaves out. routes.ts routes this module only when the edition has a panel page.
 */
export function loader() {
  const panel = content.panelPage;
  if (!panel) throw new Error("The panel route needs a panel page in the edition");
  return {
    panel,
    speakers: speakersByIds(panel.speakerIds).map(cardSpeaker),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: { panel } }) =>
  pageMeta({
    title: titled(panel.title),
    description: panel.description,
    path: panel.path,
    image: {
      path: shareImagePath(panel.id),
      alt: m.panelShareImageAlt({ title: panel.title, event: content.event.name }),
    },
  });

export default function PanelPage({ loaderData: { panel, speakers } }: Route.ComponentProps) {
  return (
    <TalkDetails
      title={panel.title}
      eventType={m.typePanel}
      description={panel.description}
      start={panel.start}
      end={panel.end}
      timeStyle="announced"
      calendarPath={sessionCalendarPath(panel.id)}
      stage={livePath}
      location={panel.location}
      speakers={speakers}
      topics={panel.topics}
      recording={panel.recording}
    />
  );
}
