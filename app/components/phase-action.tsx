import * as content from "../../content";
import { useEditionPhase } from "../lib/edition-phase";
import { phaseOnly } from "../lib/live";
import { ExternalLink } from "./external-link";

/** The way out to the event itself, by the edition's phase: sign up, tune in, catch up. */
export const phaseActions = [
  { phase: "upcoming", label: "Register", href: content.event.links.register },
  { phase: "live", label: "Watch live", href: content.event.links.broadcast },
  { phase: "over", label: "Watch Recording", href: content.event.links.watch },
] as const;

/**
 * The edition's way out for its phase, as list items, for any list that offers it. Every phase's item is in the
 * HTML and all but the current one are `hidden` (phaseOnly), so the home page, served without React, has its
 * island pick the visitor's phase, and hydrated pages re-render as the clock moves.
 */
export function PhaseActionItems({ className, onClick }: { className: string; onClick?: () => void }) {
  const phase = useEditionPhase();
  return phaseActions.map((action) => (
    <li key={action.phase} {...phaseOnly(action.phase, phase)}>
      <ExternalLink href={action.href} onClick={onClick} className={className}>
        {action.label}
      </ExternalLink>
    </li>
  ));
}
