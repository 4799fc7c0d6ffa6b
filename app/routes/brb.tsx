import * as content from "../../content";
import { GradientBlobs } from "../components/gradient-blobs";
import * as m from "../i18n/messages";
import { pageMeta, titled } from "../lib/seo";
import type { PageHandle } from "../root";
import type { Route } from "./+types/brb";

export const handle: PageHandle = { bare: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.brbTitle),
    description: m.brbDescription({ event: content.event.name }),
    path: "/brb",
    noindex: true,
  });

/** Stream screen between sessions: the identity's drifting blobs behind a short message. */
export default function BeRightBack() {
  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden px-[4vw] text-center">
      <GradientBlobs className="-z-10" drifting />
      <p className="rounded-full border-2 border-white px-[1.6vw] py-[0.6vw] font-display text-[1.6vw] font-bold tracking-[0.3em] uppercase">
        {content.event.name}
      </p>
      <h1 className="mt-[4vh] font-display text-[9vw] leading-none font-bold tracking-tight">{m.brbTitle}</h1>
      <p className="mt-[3vh] text-[2.2vw] text-white/85">{m.brbLead}</p>
    </main>
  );
}
