import type { Sponsor } from "../../content";
import { ExternalLink } from "./external-link";

/** Sponsor and co-host logos, each linking to its site; they fade in one after another (0.1 s apart, 0.5 s each). */
export function SponsorGrid({ sponsors }: { sponsors: Sponsor[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {sponsors.map((sponsor, index) => (
        <li key={sponsor.id} className="animate-fade-in" style={{ animationDelay: `${(index * 0.1).toFixed(1)}s` }}>
          <ExternalLink
            href={sponsor.url}
            className="group flex h-full flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-panel px-4 py-5 transition-colors hover:border-white/50 hover:bg-white/5"
          >
            <img
              src={sponsor.logo}
              alt={sponsor.name}
              width={320}
              height={120}
              loading="lazy"
              decoding="async"
              className="h-auto w-full max-w-56"
            />
            <span className="text-xs font-medium tracking-wider text-muted uppercase">{sponsor.role}</span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
