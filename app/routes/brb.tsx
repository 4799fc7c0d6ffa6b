import * as content from "../../content";
import { BrbScene } from "../components/brb-scene";
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

/** Stream screen between sessions: the be-right-back scene, the whole window. */
export default function BeRightBack() {
  return (
    <main>
      <BrbScene className="relative min-h-dvh" />
    </main>
  );
}
