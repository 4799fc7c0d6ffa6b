import * as content from "../../content";
import * as m from "../i18n/messages";
import { useEditionPhase } from "../lib/use-edition-phase";
import { phaseOnly, type EditionPhase } from "../lib/on-air";
import { livePath } from "../lib/stage";
import { ExternalLink } from "./external-link";

/**
 * The way out to the event, by the edition's phase: sign up (before the first day, and between two days for the
 * days to come), tune in on the site's own stage while it is on air, catch up once it is over.
 */
export const phaseActions: readonly { phases: readonly EditionPhase[]; label: string; href: string }[] = [
  { phases: ["upcoming", "between"], label: m.actionRegister, href: content.event.links.register },
  { phases: ["live"], label: m.actionWatchLive, href: livePath },
  { phases: ["over"], label: m.actionWatchRecording, href: content.event.links.watch },
];

/**
 * The edition's way out for its phase, as list items, for any list that offers it. Every phase's item is in the
 * HTML and all but the current one are `hidden` (phaseOnly), so the home page, served without React, has its
 * island pick the visitor's phase, and hydrated pages re-render as the clock moves. The stage is one of the site's
 * pages; the others leave it, in a new tab.
 */
export function PhaseActionItems({ className, onClick }: { className: string; onClick?: () => void }) {
  const phase = useEditionPhase();
  return phaseActions.map((action) => {
    const Anchor = action.href.startsWith("/") ? "a" : ExternalLink;
    return (
      <li key={action.label} {...phaseOnly(action.phases, phase)}>
        <Anchor href={action.href} onClick={onClick} className={className}>
          {action.label}
        </Anchor>
      </li>
    );
  });
}
