import * as content from "../../content";
import { currentAnnouncement, showEventsUrl, type ShowState } from "../../common/show-contract";
import { showAfterFirstPaint } from "../lib/after-first-paint";
import { startCountdown } from "../lib/countdown";
import { startOfflineAfterLoad } from "../lib/offline-after-load";
import { editionPhase, nextOnAir, phaseOnlySelector, shownInPhase } from "../lib/on-air";
import { nextOnAirSelector } from "../lib/next-on-air";
import { previewInstant } from "../lib/preview";
import { delayLimits } from "../../common/show-contract";
import type { Timed } from "../lib/on-air";

/**
 * The home page is served without React (it is static content, and a first visit should not download a framework
 * to read it). Its HTML holds the edition's phase as of the build; this island brings it to the visitor's clock
 * (or to `?now=`, for previews): it shows the current phase's content and hides the others, counts down to the
 * first session while the edition is upcoming (and to the next day's between two), shows the sponsors' logos, which waited for the first paint, and,
 * only when the day is near (from 12 hours before the first session to the end of the last, as late as the show may
 * run it), loads React and the now/next strip. The strip follows the show (issue 44), and tells the island the
 * edition's days on air as the show runs them: a day running late keeps the live card until its last session ends.
 * The island follows the show's stream for an announcement, and loads React and the banner only when there is one.
 */
const lead = 12 * 60 * 60 * 1000;
const start = Date.parse(content.eventSpan.start);
// The last day may run late by as much as the show allows: the strip, which reads the show, is wanted until then.
const end = Date.parse(content.eventSpan.end) + delayLimits.max * 60_000;
let spans: readonly Timed[] = content.onAirSpans;
let timer: ReturnType<typeof setTimeout> | undefined;
const shift = (previewInstant(window.location.search)?.getTime() ?? Date.now()) - Date.now();
let stripLoaded = false;

function update() {
  const now = new Date(Date.now() + shift);
  const phase = editionPhase(now, spans);
  for (const element of document.querySelectorAll<HTMLElement>(phaseOnlySelector)) {
    element.hidden = !shownInPhase(element, phase);
  }
  const next = nextOnAir(now, spans)?.start;
  for (const element of document.querySelectorAll<HTMLElement>(nextOnAirSelector)) {
    element.hidden = element.dataset.nextOnAir !== next;
  }
  for (const countdown of document.querySelectorAll<HTMLElement>("[data-countdown]")) {
    for (const { unit, value, label } of startCountdown(now, new Date(countdown.dataset.countdown ?? ""))) {
      const valueCell = countdown.querySelector(`[data-countdown-value="${unit}"]`);
      const labelCell = countdown.querySelector(`[data-countdown-label="${unit}"]`);
      if (valueCell) valueCell.textContent = String(value);
      if (labelCell) labelCell.textContent = label;
    }
    countdown.classList.remove("invisible");
  }
  if (!stripLoaded && now.getTime() >= start - lead && now.getTime() < end) {
    stripLoaded = true;
    loadLiveStrip();
  }
  // Once the edition is over, and past as late as the show may run it, nothing changes any more; until then, check
  // again on the next whole second (once: the strip's news of the days on air calls this too).
  clearTimeout(timer);
  if (phase !== "over" || now.getTime() < end) timer = setTimeout(update, 1000 - ((Date.now() + shift) % 1000));
}

function loadLiveStrip() {
  // No JSX here: the JSX runtime lives in the framework chunk, which only the live day should download.
  void Promise.all([import("react"), import("react-dom/client"), import("../components/live-strip")]).then(
    ([{ createElement }, { createRoot }, { LiveStrip }]) => {
      const container = document.createElement("div");
      document.body.append(container);
      createRoot(container).render(
        createElement(LiveStrip, {
          onDaysOnAir: (shown) => {
            spans = shown;
            update();
          },
        }),
      );
    },
  );
}

/**
 * The announcement's banner, loaded with React once the show has a current one. Until then the island listens to the
 * show's stream alone, a few bytes, which the browser opens again by itself after a drop; once the banner is loaded it
 * follows the show through a stream of its own, and this one closes.
 */
function watchAnnouncements() {
  const events = new EventSource(showEventsUrl());
  const heard = (event: MessageEvent<string>) => {
    const show = JSON.parse(event.data) as ShowState;
    if (!currentAnnouncement(show, new Date(Date.now() + shift))) return;
    events.close();
    void import("../components/announcement-banner").then(({ showAnnouncementBanner }) => {
      showAnnouncementBanner();
    });
  };
  events.addEventListener("snapshot", heard);
  events.addEventListener("show", heard);
}

showAfterFirstPaint();
update();
watchAnnouncements();
startOfflineAfterLoad();
