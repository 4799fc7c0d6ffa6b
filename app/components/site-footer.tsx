import { Link } from "react-router";
import * as content from "../../content";
import { formatDateSpan } from "../lib/time-in-edition-language";
import { PhaseActionItems } from "./phase-action";
import { Wordmark } from "./wordmark";
import * as m from "../i18n/messages";

export function SiteFooter() {
  const event = content.event;
  return (
    <footer className="border-t border-line bg-panel">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-6 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <Wordmark />
          <p className="mt-3 text-sm text-muted">
            {m.footerTagline({
              headline: event.headline,
              place: event.place,
              dates: formatDateSpan(event.date, event.endDate),
            })}
          </p>
        </div>
        <nav aria-label={m.footerNav}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm">
            <li>
              <Link className="text-muted hover:text-white" to="/agenda">
                {m.navAgenda}
              </Link>
            </li>
            <li>
              <Link className="text-muted hover:text-white" to="/event">
                {m.dayAtAGlance}
              </Link>
            </li>
            <li>
              <Link className="text-muted hover:text-white" to="/demo-voting">
                {m.navDemoVoting}
              </Link>
            </li>
            {/* The menu's way out to the event, by the phase: no recordings to watch before the day. */}
            <PhaseActionItems className="text-muted hover:text-white" />
          </ul>
        </nav>
      </div>
    </footer>
  );
}
