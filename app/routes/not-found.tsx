import { Link } from "react-router";
import * as content from "../../content";
import { pageMeta, titled } from "../lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled("404 Page Not Found"),
    description: `There is no page at this address on the ${content.event.name} site. The agenda, talks and demos are a click away.`,
    path: "/404",
    noindex: true,
  });

/** Every unknown path lands here; the server sends this page with a 404 status. */
export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-6 py-28 text-center">
      <h1 className="font-display text-5xl font-bold sm:text-6xl">404 Page Not Found</h1>
      <p className="mt-6 text-lg text-muted">Did you forget to add the page to the router?</p>
      <Link
        to="/"
        className="mt-10 inline-flex min-h-12 items-center rounded-full bg-electric px-7 py-3 font-semibold text-white hover:bg-electric-hover"
      >
        Back to the conference
      </Link>
    </section>
  );
}
