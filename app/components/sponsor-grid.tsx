import type { Sponsor } from "../../content";
import { afterFirstPaint } from "../lib/after-first-paint";
import { staggerClass } from "../lib/stagger";
import { ExternalLink } from "./external-link";

/** The box every logo is drawn in, in CSS pixels at its widest, and its ratio as Tailwind reads it (whole). */
const logo = { width: 320, height: 120, aspect: "aspect-[320/120]" };

/**
 * Sponsor and co-host logos, each linking to its site; they fade in one after another (0.1 s apart, 0.5 s each).
 * The grid sits below the first screen, and its logos wait for the first paint (lib/after-first-paint): each logo's
 * box keeps its space meanwhile, and a logo fades in as it appears. The cards do not wait with them: should the
 * page's script never run, they still show, each with its role.
 */
export function SponsorGrid({ sponsors }: { sponsors: Sponsor[] }) {
  return (
    <ul
      className="grid grid-cols-2 gap-3 [--stagger-step:100ms] sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
      {...afterFirstPaint}
    >
      {sponsors.map((sponsor, index) => (
        <li key={sponsor.id} className={`animate-fade-in ${staggerClass(index)}`}>
          <ExternalLink
            href={sponsor.url}
            className="group flex h-full flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-panel px-4 py-5 transition-colors hover:border-white/50 hover:bg-white/5"
          >
            <span className={`block w-full max-w-56 ${logo.aspect}`}>
              <img
                src={sponsor.logo}
                alt={sponsor.name}
                width={logo.width}
                height={logo.height}
                loading="lazy"
                decoding="async"
                className="block h-auto w-full animate-fade-in"
              />
            </span>
            <span className="text-xs font-medium tracking-wider text-muted uppercase">{sponsor.role}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
