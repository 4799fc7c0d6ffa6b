import { useCallback, useState } from "react";
import * as m from "../i18n/messages";
import { initialsOf } from "../../common/initials";

/**
 * A person's photo, or their initials on the brand gradient when the photo cannot be loaded (spec §8). The
 * placeholder is drawn in the page rather than fetched, so it cannot fail in turn. `className` sizes and rounds
 * both alike. A lazy portrait that has not started loading is not `complete`, so the ref's check leaves it alone.
 * The build writes a small SVG portrait into the prerendered page (scripts/build/inline-images.ts), where it cannot fail;
 * the placeholder is for photographs, and for portraits rendered in the browser (after a client-side navigation).
 */
export function Portrait({
  src,
  name,
  className,
  lazy = false,
}: {
  src: string;
  name: string;
  className: string;
  /** For a portrait in a list, most of it below the first screen: fetched as it nears the screen. */
  lazy?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // A prerendered image can fail before React hydrates and listens for its error event; the ref sees that case.
  const checkLoaded = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  const label = m.portraitOf({ name });
  if (failed) {
    return (
      <span
        role="img"
        aria-label={label}
        className={`@container flex items-center justify-center bg-linear-to-br from-magenta to-electric font-display font-bold text-white ${className}`}
      >
        <span aria-hidden="true" className="text-[36cqw] leading-none">
          {initialsOf(name)}
        </span>
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={label}
      width={400}
      height={400}
      loading={lazy ? "lazy" : undefined}
      className={className}
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
