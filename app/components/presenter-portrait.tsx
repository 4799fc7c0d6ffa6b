import { useEffect, useRef, useState } from "react";
import { placeholderPortrait, type Presenter } from "../lib/leaderboard";

/**
 * A presenter's portrait, replaced by the placeholder when it fails to load (spec §8). A failure can happen
 * before React hydrates the prerendered page and misses the error event, so the image is checked once on mount.
 */
export function PresenterPortrait({ presenter }: { presenter: Presenter }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  const placeholder = failed || presenter.portrait === placeholderPortrait;
  return (
    <img
      ref={image}
      src={placeholder ? placeholderPortrait : presenter.portrait}
      // The name is written beside the portrait; the placeholder shows no one, so it is decorative.
      alt={placeholder ? "" : `Portrait of ${presenter.name}`}
      width={400}
      height={400}
      onError={() => {
        setFailed(true);
      }}
      className="size-12 shrink-0 rounded-full border border-white/15 bg-panel"
    />
  );
}
