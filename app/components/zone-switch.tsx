import * as content from "../../content";
import { chooseZone, useDisplayZone, type ZoneChoice } from "../lib/display-zone";
import { useHydrated } from "../lib/use-hydrated";
import * as m from "../i18n/messages";

const options: { choice: ZoneChoice; label: string }[] = [
  { choice: "event", label: content.event.timeZoneName },
  { choice: "local", label: m.zoneLocal },
];

/**
 * Switches every time on the site between the event's zone and the visitor's; the choice is remembered.
 *
 * The buttons need JavaScript, so they are never shown where they could not work: without JavaScript they are not
 * shown at all (the line beside them says which zone the times are in), and until the page has hydrated they keep
 * their place but stay invisible, so nothing moves when they appear and no click is lost.
 */
export function ZoneSwitch() {
  const zone = useDisplayZone();
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div
        role="group"
        aria-label={m.zoneSwitchLabel}
        className={`inline-flex rounded-full border border-white/30 p-1 noscript:hidden ${hydrated ? "" : "invisible"}`}
      >
        {options.map((option) => (
          <button
            key={option.choice}
            type="button"
            aria-pressed={zone.choice === option.choice}
            onClick={() => {
              chooseZone(option.choice);
            }}
            className="min-h-10 rounded-full px-4 text-sm font-semibold text-white/85 transition-colors hover:text-white aria-pressed:bg-white aria-pressed:text-ink"
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {m.zoneTimesIn({ zone: zone.description })}
      </p>
    </div>
  );
}
