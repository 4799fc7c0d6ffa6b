import * as content from "../../content";
import { showAfterFirstPaint } from "../lib/after-first-paint";
import { startCountdown } from "../lib/countdown";
import { startOfflineAfterLoad } from "../lib/offline-after-load";
import { editionPhase, nextOnAir, phaseOnlySelector, shownInPhase } from "../lib/on-air";
import { nextOnAirSelector } from "../lib/next-on-air";
import { previewInstant } from "../lib/preview";

/**
 * The home page is served without React (it is static content, and a first visit should not download a framework
 * to read it). Its HTML holds the edition's phase as of the build; this island brings it to the visitor's clock
 * (or to `?now=`, for previews): it shows the current phase's content and hides the others, counts down to the
 * first session while the edition is upcoming (and to the next day's between two), shows the sponsors' logos, which waited for the first paint, and,
 * only when the day is near (from 12 hours before the first session to the end of the last), loads React and the
 * now/next strip.
 */
const lead = 12 * 60 * 60 * 1000;
const start = Date.parse(content.eventSpan.start);
const end = Date.parse(content.eventSpan.end);
const shift = (previewInstant(window.location.search)?.getTime() ?? Date.now()) - Date.now();
let stripLoaded = false;

function update() {
  const now = new Date(Date.now() + shift);
  const phase = editionPhase(now, content.onAirSpans);
  for (const element of document.querySelectorAll<HTMLElement>(phaseOnlySelector)) {
    element.hidden = !shownInPhase(element, phase);
  }
  const next = nextOnAir(now, content.onAirSpans)?.start;
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
  // Once the edition is over nothing changes any more; until then, check again on the next whole second.
  if (phase !== "over") setTimeout(update, 1000 - ((Date.now() + shift) % 1000));
}

function loadLiveStrip() {
  // No JSX here: the JSX runtime lives in the framework chunk, which only the live day should download.
  void Promise.all([import("react"), import("react-dom/client"), import("../components/live-strip")]).then(
    ([{ createElement }, { createRoot }, { LiveStrip }]) => {
      const container = document.createElement("div");
      document.body.append(container);
      createRoot(container).render(createElement(LiveStrip));
    },
  );
}

showAfterFirstPaint();
update();
startOfflineAfterLoad();
