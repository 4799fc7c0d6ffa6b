import { useMemo, type ReactNode } from "react";
import * as content from "../../content";
import { speakerPath } from "../../common/site-paths";
import { useDisplayZone } from "../lib/display-zone";
import { useClock } from "../lib/clock";
import { useEditionPhase } from "../lib/use-edition-phase";
import { onAirAt, type Timed } from "../lib/on-air";
import { useProgramme } from "../lib/programme";
import { usePageShow } from "../lib/show";
import { showMoves, useShowSchedule } from "../lib/use-show-schedule";
import { zonedDate } from "../../common/time";
import { formatAnnouncedRange, formatLongDate } from "../lib/time-in-edition-language";
import { CalendarLink } from "./calendar-link";
import { ExternalLink } from "./external-link";
import { FactList } from "./fact-list";
import { FavouriteToggle, MyScheduleLink } from "./favourite-toggle";
import { LateMark } from "./late-mark";
import { Badge } from "./ui/badge";
import { ButtonLink } from "./ui/button-link";
import { PageHeader } from "./page-header";
import { SessionTime } from "./session-time";
import { SpeakerCard, type CardSpeaker } from "./speaker-card";
import { ZoneSwitch } from "./zone-switch";
import * as m from "../i18n/messages";

interface TalkDetailsProps {
  title: string;
  eventType: string;
  /** A short summary, shown above the description. */
  abstract?: string | undefined;
  /** The description; a blank line starts a new paragraph. */
  description: string;
  /** The room or stream, in an edition with several. */
  room?: string | undefined;
  /** Its track: a link to the track's page, or the words of an edition without tracks.json. */
  track?: ReactNode;
  links?: { label: string; url: string }[];
  /** The session's page in the tool the programme was imported from. */
  originUrl?: string | undefined;
  start: string;
  end: string;
  /** "announced" writes the time as the original announcement did: "11:00 AM - 1:00 PM CEST". */
  timeStyle?: "programme" | "announced";
  /** The session's calendar file. */
  calendarPath: string;
  /** Its agenda session, which a visitor may add to their own schedule (the panel page stands outside the agenda). */
  sessionId?: string | undefined;
  /** The stage that streams it (its room's, in an edition with rooms), offered while its day is on air. */
  stage: string;
  /** Its recording, offered once the edition is over. */
  recording?: string | undefined;
  /** The speakers asked that it not be recorded: said among its facts, so nobody waits for a video. */
  doNotRecord?: boolean | undefined;
  location: string;
  /**
   * The session's Questions section, where its type takes them: given by the talk page, so that the panel page,
   * which is no session, does not load its code.
   */
  questions?: ReactNode;
  speakers: CardSpeaker[];
  tags?: string[];
  highlights?: string[];
  topics?: string[];
}

/** A talk, Q&A, demo or panel: what it is, when and where, who presents it, and what it covers. */
export function TalkDetails(props: TalkDetailsProps) {
  const zone = useDisplayZone();
  // Built after the edition, the page is prerendered over, so the recording is in the HTML and nothing moves.
  const recording = useEditionPhase() === "over" ? props.recording : undefined;
  const { spans, moved } = useShownSession(props.sessionId);
  // While the session's own day is on air (as the show runs it: a day running late stays on air until its last
  // session ends); on another, its stage streams other sessions (decision 043).
  const onAir = useClock((now) => {
    const day = onAirAt(now, spans);
    const start = Date.parse(props.start);
    return day !== undefined && Date.parse(day.start) <= start && start < Date.parse(day.end);
  });
  const facts = [
    { label: m.talkDate, value: formatLongDate(props.start, zone.timeZone) },
    {
      label: m.talkTime,
      value:
        props.timeStyle === "announced" ? (
          `${formatAnnouncedRange(props.start, props.end, zone.timeZone)} ${zone.label}`
        ) : (
          // The session's own day (the event's zone) is the one its Date names; only another zone's day is added.
          <>
            <SessionTime
              start={props.start}
              end={props.end}
              zone={zone}
              day={zonedDate(new Date(props.start), content.event.timeZone)}
            />
            <LateMark minutes={moved} className="mt-2" />
          </>
        ),
    },
    { label: m.talkLocation, value: props.location },
    ...(props.room ? [{ label: m.talkRoom, value: props.room }] : []),
    ...(props.track ? [{ label: m.talkTrack, value: props.track }] : []),
    ...(props.doNotRecord ? [{ label: m.talkRecording, value: m.talkNotRecorded }] : []),
  ];
  const links = [
    ...(props.links ?? []),
    ...(props.originUrl ? [{ label: m.talkSessionPage, url: props.originUrl }] : []),
  ];
  return (
    <article>
      <PageHeader
        title={props.title}
        eyebrow={
          <>
            <Badge>{props.eventType}</Badge>
            {props.tags?.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </>
        }
      >
        {props.abstract ? <p>{props.abstract}</p> : <Paragraphs text={props.description} />}
      </PageHeader>

      {/* When and where come first, so a phone shows them (and Register Now) before the speakers' bios. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 lg:grid-cols-[1fr_22rem]">
        <aside
          aria-label={m.talkWhenWhere}
          className="h-fit rounded-3xl border border-line bg-panel p-6 lg:col-start-2 lg:row-start-1"
        >
          <FactList facts={facts} stacked />
          <div className="mt-6 flex flex-wrap gap-3">
            {/* A plain link to the video's page: nothing loads from the video host until the visitor asks. */}
            {recording ? <ButtonLink href={recording}>{m.actionWatchTheRecording}</ButtonLink> : null}
            {onAir ? (
              <ButtonLink href={props.stage} reloadDocument>
                {m.actionWatchLive}
              </ButtonLink>
            ) : null}
            <ButtonLink href={content.event.links.register}>{m.actionRegisterNow}</ButtonLink>
            <CalendarLink href={props.calendarPath}>{m.actionAddToCalendar}</CalendarLink>
          </div>
          {props.sessionId ? (
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <FavouriteToggle id={props.sessionId} title={props.title} />
              <MyScheduleLink className="text-sm font-semibold text-sky underline underline-offset-4 hover:text-white" />
            </div>
          ) : null}
          <div className="mt-6 border-t border-line pt-5">
            <ZoneSwitch />
          </div>
        </aside>
        <div className="flex flex-col gap-10 lg:col-start-1 lg:row-start-1">
          {props.abstract ? (
            <section aria-labelledby="about-session-title">
              <h2 id="about-session-title" className="mb-4 text-2xl font-bold">
                {m.talkAbout}
              </h2>
              <div className="flex max-w-prose flex-col gap-4 text-lg leading-relaxed text-white/85">
                <Paragraphs text={props.description} />
              </div>
            </section>
          ) : null}
          {props.questions}
          {props.speakers.length > 0 ? (
            <section aria-labelledby="speakers-title">
              <h2 id="speakers-title" className="mb-4 text-2xl font-bold">
                {m.talkSpeakers({ count: props.speakers.length })}
              </h2>
              <div className="flex flex-col gap-4">
                {props.speakers.map((speaker) => (
                  <SpeakerCard key={speaker.id} speaker={speaker} href={speakerPath(speaker.id)} showBio />
                ))}
              </div>
            </section>
          ) : null}
          <TopicList title={m.talkDemoHighlights} items={props.highlights} />
          <TopicList title={m.talkTopics} items={props.topics} />
          {links.length > 0 ? (
            <section aria-labelledby="links-title">
              <h2 id="links-title" className="mb-4 text-2xl font-bold">
                {m.talkLinks}
              </h2>
              <ul className="flex flex-col gap-2">
                {links.map((link) => (
                  <li key={link.url}>
                    <ExternalLink href={link.url} className="text-lg text-sky underline underline-offset-4">
                      {link.label}
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/**
 * The edition's days on air as the show runs them, and how far it moved the session (issue 44). A talk page has only
 * its own session: it fetches the programme only while the show moves some session, to know whether this one moved
 * and how long its day runs; otherwise the printed days, and no mark.
 */
function useShownSession(sessionId: string | undefined): { spans: readonly Timed[]; moved: number | undefined } {
  const show = usePageShow();
  const schedule = useShowSchedule(show);
  const programme = useProgramme(sessionId !== undefined && schedule !== undefined && showMoves(show));
  return useMemo(() => {
    if (!programme || !schedule) return { spans: content.onAirSpans, moved: undefined };
    const shown = schedule.showProgramme(programme.sessions, content.onAirSpans, show);
    return { spans: shown.spans, moved: shown.sessions.find((session) => session.id === sessionId)?.moved };
  }, [programme, schedule, show, sessionId]);
}

/** Text as written in a schedule tool: paragraphs separated by blank lines. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>
  );
}

function TopicList({ title, items }: { title: string; items: string[] | undefined }) {
  if (!items?.length) return null;
  return (
    <section>
      <h2 className="mb-4 text-2xl font-bold">{title}</h2>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-lg text-white/90">
            <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-magenta" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
