import { Link } from "react-router";
import * as content from "../../content";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/not-found";
import * as m from "../i18n/messages";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled(m.notFoundTitle),
    description: m.notFoundDescription({ name: content.event.name }),
    path: "/404",
    noindex: true,
  });

/** Every unknown path lands here; the server sends this page with a 404 status. */
export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-28 text-center">
      <h1 className="font-display text-5xl font-bold sm:text-6xl">{m.notFoundTitle}</h1>
      <p className="mt-6 text-lg text-muted">{m.notFoundHint}</p>
      <Link
        to="/"
        className="mt-10 inline-flex min-h-12 items-center rounded-full bg-electric px-7 py-3 font-semibold text-white hover:bg-electric-hover"
      >
        {m.notFoundBack}
      </Link>
    </section>
  );
}
