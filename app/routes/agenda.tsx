import { Link } from "react-router";
import { edition } from "../../content";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { speakersByIds } from "../lib/lookups";
import { pageMeta, titled } from "../lib/seo";
import { formatCalendarDate, formatTimeRange } from "../lib/time";
import type { Route } from "./+types/agenda";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: titled("Agenda"),
    description: `The full programme of ${edition.event.name}: every talk, Q&A, panel and demo of ${formatCalendarDate(edition.event.date)}, with times in Eastern Time.`,
    // /agenda and /talks_demos are one screen, so both name /agenda as the page search engines should index.
    path: "/agenda",
  });

export default function Agenda() {
  const { event, agenda, talks } = edition;
  return (
    <>
      <PageHeader title="Agenda">
        <p>
          {formatCalendarDate(event.date)}. All times in Eastern Time ({event.timeZoneLabel}).
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-6 py-12">
        <ol className="flex flex-col gap-3">
          {agenda.map((slot) => {
            const talk = talks.find((t) => t.id === slot.talkId);
            const people = speakersByIds(slot.speakerIds);
            return (
              <li
                key={slot.id}
                className="grid gap-2 rounded-2xl border border-line bg-panel p-5 sm:grid-cols-[11rem_1fr] sm:gap-6"
              >
                <p className="font-display font-semibold whitespace-nowrap">
                  {formatTimeRange(slot.start, slot.end, event.timeZone)} {event.timeZoneLabel}
                </p>
                <div className="flex flex-col gap-1">
                  <div>
                    <Badge tone={slot.type}>{slot.type}</Badge>
                  </div>
                  <h2 className="text-lg font-bold">
                    {talk ? (
                      <Link to={talk.path} className="underline-offset-4 hover:underline">
                        {slot.title}
                      </Link>
                    ) : (
                      slot.title
                    )}
                  </h2>
                  {people.length > 0 ? (
                    <p className="text-muted">{people.map((p) => `${p.name} (${p.title})`).join(", ")}</p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </>
  );
}
