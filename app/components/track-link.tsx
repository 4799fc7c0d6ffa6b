import { Link } from "react-router";
// From path-segments rather than site-paths: the latter brings the table of fixed pages to every page using this.
import { trackPath } from "../../common/path-segments";

/** What a track's mark and link need of it: a track as tracks.json gives it (content/tracks.ts finds a slot's). */
export interface TrackFacts {
  slug: string;
  name: string;
  /** #rrggbb. */
  color: string;
}

/**
 * A track's colour as a small disc. Its colour is the organisers' (any hue, dark ones too), so it is drawn as an
 * SVG `fill`, an attribute the style-src 'self' policy allows where a style would not be, with a faint ring that
 * keeps a dark colour visible on the dark page. It is decoration: the track's name is always written beside it,
 * in the page's own text colours, so colour is never the only cue and the words keep their contrast.
 */
export function TrackMark({ track, className = "size-3" }: { track: TrackFacts; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className={`shrink-0 ${className}`}>
      <circle cx="6" cy="6" r="5.5" fill={track.color} stroke="white" strokeOpacity="0.45" />
    </svg>
  );
}

/** A session's track, its mark and name, linking to the track's page (/tracks/<slug>). */
export function TrackLink({ track }: { track: TrackFacts }) {
  return (
    <Link
      to={trackPath(track.slug)}
      className="inline-flex items-center gap-2 font-semibold text-sky underline underline-offset-4 hover:text-white"
    >
      <TrackMark track={track} />
      {track.name}
    </Link>
  );
}
