import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Stream } from "../../../content";
import * as content from "../../../content";
import { playHls } from "../../lib/hls-playback";
import { playerUrl } from "../../lib/stage";
import { BrbScene } from "../brb-scene";
import { ExternalLink } from "../external-link";
import { GradientBlobs } from "../gradient-blobs";
import * as m from "../../i18n/messages";

interface StagePlayerProps {
  /** The stage's stream; none when the organiser named none, and the broadcast link is all there is. */
  stream: Stream | undefined;
  /** What the stream is of: the room's name, or the edition's. Drawn on the poster and names the player. */
  label: string;
  /** A line under the label on the poster: what the stage has on, or when it starts. */
  caption: string;
  /**
   * The show switched the stage to its slate (issue 44): the be-right-back scene in the player's place. The player
   * stays where it was meanwhile (a visitor who pressed play plays again when the stream is back).
   */
  slate: boolean;
}

type Playback = "facade" | "playing" | "failed";

/**
 * The stream in a box of 16:9 from the first paint, so nothing moves when it loads. Until the visitor presses play it
 * is a facade: the stream's own poster (or one drawn from the site's look) and a real button. Nothing is asked of a
 * video platform or a stream host before that press, so no third party sees the visit and none sets a cookie; the
 * press loads the platform's privacy-enhanced player, or plays the HLS stream in the page.
 */
export function StagePlayer({ stream, label, caption, slate }: StagePlayerProps) {
  const [playback, setPlayback] = useState<Playback>("facade");
  const player = useRef<HTMLVideoElement & HTMLIFrameElement>(null);
  const hls = stream?.provider === "hls" ? stream.url : null;

  useEffect(() => {
    // The button the visitor pressed is gone: the focus goes to what replaced it, not to the page's start.
    if (playback === "playing") player.current?.focus();
  }, [playback]);

  useEffect(() => {
    if (playback !== "playing" || slate || !hls || !player.current) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void playHls(player.current, hls, () => {
      setPlayback("failed");
    }).then((stopPlayback) => {
      if (stopped) stopPlayback();
      else stop = stopPlayback;
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [playback, hls, slate]);

  return (
    <div className="flex flex-col gap-3">
      <div className="relative isolate aspect-video w-full overflow-hidden rounded-3xl border border-line bg-panel">
        {slate ? (
          <BrbScene title="p" className="absolute inset-0" />
        ) : playback === "playing" && stream ? (
          stream.provider === "hls" ? (
            // A live stream's captions travel inside it (hls.js and the browsers' own HLS show them as text tracks):
            // there is no caption file to name.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              ref={player}
              controls
              playsInline
              autoPlay
              aria-label={m.stageLiveStream({ label })}
              className="absolute inset-0 size-full bg-ink"
            />
          ) : (
            <iframe
              ref={player}
              src={playerUrl(stream)}
              title={m.stageLiveStream({ label })}
              allow="autoplay; fullscreen; picture-in-picture"
              className="absolute inset-0 size-full"
            />
          )
        ) : (
          <Poster stream={stream} label={label} caption={caption}>
            {stream ? (
              <button
                type="button"
                onClick={() => {
                  setPlayback("playing");
                }}
                className="inline-flex min-h-12 items-center gap-3 rounded-full bg-electric px-6 py-3 text-base font-semibold text-white shadow-lg transition-colors hover:bg-electric-hover sm:text-lg"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
                  <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
                </svg>
                {playback === "failed" ? m.stageTryAgain : m.stagePlay}
              </button>
            ) : null}
          </Poster>
        )}
      </div>
      {/* Said beside the box, not in it: a phone's 16:9 box has room for the button alone. */}
      <p role="status" className="text-base text-white empty:hidden">
        {playback === "failed" ? m.stageCannotPlay : null}
      </p>
      <p className="text-sm text-muted">
        <ExternalLink
          href={content.event.links.broadcast}
          className="font-semibold text-sky underline underline-offset-4 hover:text-white"
        >
          {m.stageOpenOnSite}
        </ExternalLink>
      </p>
    </div>
  );
}

/** The stream's own poster, from the edition's public folder, or one drawn: the identity's light and the label. */
function Poster({
  stream,
  label,
  caption,
  children,
}: {
  stream: Stream | undefined;
  label: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-4 text-center sm:gap-6">
      {stream?.poster ? (
        <img src={stream.poster} alt="" className="absolute inset-0 -z-10 size-full object-cover opacity-70" />
      ) : (
        <>
          <GradientBlobs className="-z-10" />
          <div className="flex flex-col items-center gap-1">
            <p className="font-display text-2xl leading-tight font-bold tracking-tight sm:text-5xl">{label}</p>
            <p className="text-sm text-white/85 sm:text-lg">{caption}</p>
          </div>
        </>
      )}
      {children}
    </div>
  );
}
