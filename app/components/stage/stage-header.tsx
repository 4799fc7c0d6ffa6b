import { Link } from "react-router";
import * as m from "../../i18n/messages";
import { stagePath } from "../../lib/stage";
import { GradientBlobs } from "../gradient-blobs";

/**
 * The stage's header, and the rooms' overview's: "Live stage", leading back to the overview from a room's stage
 * (`room` is given on a room's stage only).
 */
export function StageHeader({ title, room }: { title: string; room: string | null }) {
  return (
    <header className="relative isolate overflow-hidden border-b border-line">
      <GradientBlobs className="-z-10 opacity-60" />
      <div className="mx-auto max-w-6xl px-6 pt-8 pb-6 sm:pt-10">
        <p className="flex items-center gap-2 text-sm font-bold tracking-widest text-orchid uppercase">
          <span aria-hidden="true" className="size-2 rounded-full bg-magenta" />
          {room ? (
            <Link reloadDocument to={stagePath()} className="underline-offset-4 hover:text-white hover:underline">
              {m.liveStage}
            </Link>
          ) : (
            m.liveStage
          )}
        </p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-bold tracking-tight sm:text-5xl">{title}</h1>
      </div>
    </header>
  );
}
