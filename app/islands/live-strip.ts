import * as content from "../../content";
import { previewInstant } from "../lib/preview";

/**
 * The home page is served without React (it is static content, and a first visit should not download a framework
 * to read it). Its one live part is the now/next strip of the live day: this module checks the time and only when
 * the day is near (from 12 hours before the first session to the end of the last) loads React and the strip.
 */
const lead = 12 * 60 * 60 * 1000;
const first = content.agenda[0];
const last = content.agenda.at(-1);
const now = (previewInstant(window.location.search) ?? new Date()).getTime();

if (first && last && now >= Date.parse(first.start) - lead && now < Date.parse(last.end)) {
  // No JSX here: the JSX runtime lives in the framework chunk, which only the live day should download.
  void Promise.all([import("react"), import("react-dom/client"), import("../components/live-strip")]).then(
    ([{ createElement }, { createRoot }, { LiveStrip }]) => {
      const container = document.createElement("div");
      document.body.append(container);
      createRoot(container).render(createElement(LiveStrip));
    },
  );
}
