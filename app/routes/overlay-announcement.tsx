import * as content from "../../content";
import { graphicMotion, OverlayFrame } from "../components/overlay-frame";
import * as m from "../i18n/messages";
import { currentAnnouncement } from "../../common/show-contract";
import { useClock } from "../lib/clock";
import { overlayLeaveMs, overlayPaths } from "../lib/overlay";
import { pageMeta, titled } from "../lib/seo";
import { usePageShow } from "../lib/show";
import { useOverlayOptions } from "../lib/use-overlay-options";
import { usePresence } from "../lib/use-presence";
import type { PageHandle } from "../root";
import type { Route } from "./+types/overlay-announcement";

export const handle: PageHandle = { bare: true, transparent: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.overlayAnnouncementTitle),
    description: m.overlayAnnouncementDescription({ event: content.event.name }),
    path: overlayPaths.announcement,
    noindex: true,
  });

/**
 * The organisers' announcement (issue 44) over the video, as text, from the show's stream: it comes when made,
 * changes when replaced, and leaves when cleared or when its time is up (by the page's clock, or `?now=`). Nothing
 * shows while there is none, nor while the show has not answered.
 */
export default function AnnouncementOverlay() {
  const options = useOverlayOptions();
  const show = usePageShow();
  const shownId = useClock((now) => (show ? (currentAnnouncement(show, now)?.id ?? "") : ""));
  const announcement = show?.announcement?.id === shownId ? show.announcement : null;
  const { shown, leaving } = usePresence(shownId, announcement, options?.motion ? overlayLeaveMs : 0);
  const urgent = shown?.level === "urgent";

  return (
    <OverlayFrame title={m.overlayAnnouncementHeading}>
      {shown ? (
        <div
          key={shown.id}
          data-graphic
          className={`absolute top-[96px] left-[96px] flex w-[1200px] ${graphicMotion(options?.motion ?? false, leaving)}`}
        >
          <div
            aria-hidden="true"
            className={`w-[14px] shrink-0 ${urgent ? "bg-amber-300" : "bg-linear-to-b from-electric to-magenta"}`}
          />
          <div className="flex-1 bg-ink px-[48px] py-[36px]">
            <p
              className={`text-[26px] font-semibold tracking-[0.2em] uppercase ${urgent ? "text-amber-300" : "text-orchid"}`}
            >
              {urgent ? m.announcementUrgentLabel : m.announcementLabel}
            </p>
            {/* The organisers' words, as text. */}
            <p className="mt-[12px] font-display text-[44px] leading-[1.2] font-bold break-words whitespace-pre-line">
              {shown.text}
            </p>
          </div>
        </div>
      ) : null}
    </OverlayFrame>
  );
}
