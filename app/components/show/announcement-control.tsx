import { useId, useState, type ReactNode, type SyntheticEvent } from "react";
import * as m from "../../i18n/messages";
import {
  announcementLevels,
  announcementLimits,
  currentAnnouncement,
  type AnnouncementLevel,
  type ShowState,
} from "../../../common/show-contract";
import { useClock } from "../../lib/clock";
import { useDisplayZone } from "../../lib/display-zone";
import { graphemeCount } from "../../lib/question-text";
import { formatClock } from "../../lib/time-in-edition-language";
import { field, primary, secondary } from "../ui/control-styles";
import type { Send } from "../../lib/show-control";

type Problems = Record<"text" | "link" | "minutes", string>;
const noProblems: Problems = { text: "", link: "", minutes: "" };

const levelWords: Record<AnnouncementLevel, string> = { info: m.showLevelInfo, urgent: m.showLevelUrgent };

/** Whether a link is one the banner may show: a full http(s) address. */
function isWebAddress(text: string): boolean {
  try {
    return ["https:", "http:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The announcement: the one showing now (and its Clear), and a form for a new one, which replaces it. The words are
 * checked here as the server checks them, so that a mistake is said beside its field before anything is sent.
 */
export function AnnouncementControl({ show, send, said }: { show: ShowState; send: Send; said: ReactNode }) {
  const ids = useId();
  const zone = useDisplayZone();
  const [text, setText] = useState("");
  const [link, setLink] = useState("");
  const [level, setLevel] = useState<AnnouncementLevel>("info");
  const [minutes, setMinutes] = useState("");
  const [problems, setProblems] = useState<Problems>(noProblems);
  const clear = (key: keyof Problems) => {
    setProblems((was) => ({ ...was, [key]: "" }));
  };
  // The announcement as the page's clock sees it: gone once its time is up, though the server still lists it.
  const shownId = useClock((now) => currentAnnouncement(show, now)?.id ?? "");
  const shown = show.announcement?.id === shownId ? show.announcement : null;
  const count = graphemeCount(text.trim());

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = { ...noProblems };
    if (text.trim() === "") found.text = m.showTextRequired;
    else if (count > announcementLimits.text) found.text = m.showTextTooLong({ max: announcementLimits.text });
    if (link.trim() !== "" && !isWebAddress(link.trim())) found.link = m.showLinkInvalid;
    const lifetime = Number(minutes);
    if (
      minutes.trim() !== "" &&
      (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > announcementLimits.minutes)
    ) {
      found.minutes = m.showMinutesInvalid({ min: 1, max: announcementLimits.minutes });
    }
    setProblems(found);
    // The first field with a problem takes the focus, and its problem is said with it.
    const first = (Object.keys(found) as (keyof Problems)[]).find((key) => found[key] !== "");
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const done = await send("announcement", {
      action: "announce",
      text: text.trim(),
      link: link.trim() === "" ? null : link.trim(),
      level,
      minutes: minutes.trim() === "" ? null : lifetime,
    });
    if (done) {
      setText("");
      setLink("");
      setMinutes("");
      setLevel("info");
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-panel p-4 sm:p-6"
    >
      <h2 id={`${ids}-title`} className="text-2xl font-bold">
        {m.showAnnouncement}
      </h2>
      {shown ? (
        <div className="flex flex-col gap-3">
          <p className="text-white/85">
            {m.showAnnouncementShowing({
              level: shown.level,
              until:
                shown.until === null
                  ? m.showAnnouncementUntilCleared
                  : m.showAnnouncementUntil({ time: formatClock(shown.until, zone.timeZone), zone: zone.label }),
            })}
          </p>
          {/* What the moderator wrote, as text. */}
          <p className="text-lg break-words whitespace-pre-line text-white">{shown.text}</p>
          {shown.link ? <p className="text-sm break-all text-sky">{shown.link}</p> : null}
          <button
            type="button"
            onClick={() => void send("announcement", { action: "clear-announcement" })}
            className={`${secondary} w-fit`}
          >
            {m.showClearAnnouncement}
          </button>
        </div>
      ) : (
        <p className="text-white/85">{m.showAnnouncementNone}</p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-text`} className="font-semibold">
            {m.showAnnouncementText}
          </label>
          <textarea
            id={`${ids}-text`}
            rows={3}
            value={text}
            aria-invalid={problems.text !== ""}
            aria-describedby={`${ids}-count ${ids}-text-problem`}
            onChange={(event) => {
              setText(event.target.value);
              clear("text");
            }}
            className={`${field} w-full`}
          />
          {/* Described by, not live: a screen reader says it with the field rather than at every key. */}
          <p
            id={`${ids}-count`}
            className={`text-sm ${count > announcementLimits.text ? "font-semibold text-orchid" : "text-muted"}`}
          >
            {m.showAnnouncementCount({ count, max: announcementLimits.text })}
          </p>
          <Problem id={`${ids}-text-problem`} text={problems.text} />
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-link`} className="font-semibold">
            {m.showAnnouncementLink} <span className="font-normal text-muted">{m.showOptional}</span>
          </label>
          <input
            id={`${ids}-link`}
            type="url"
            inputMode="url"
            value={link}
            aria-invalid={problems.link !== ""}
            aria-describedby={`${ids}-link-problem`}
            onChange={(event) => {
              setLink(event.target.value);
              clear("link");
            }}
            className={`${field} w-full`}
          />
          <Problem id={`${ids}-link-problem`} text={problems.link} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">{m.showAnnouncementLevel}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {announcementLevels.map((choice) => (
              <label key={choice} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-level`}
                  value={choice}
                  checked={level === choice}
                  onChange={() => {
                    setLevel(choice);
                  }}
                  className="size-5 accent-electric"
                />
                {levelWords[choice]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-minutes`} className="font-semibold">
            {m.showAnnouncementMinutes} <span className="font-normal text-muted">{m.showOptional}</span>
          </label>
          <input
            id={`${ids}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={announcementLimits.minutes}
            step={1}
            value={minutes}
            aria-invalid={problems.minutes !== ""}
            aria-describedby={`${ids}-minutes-hint ${ids}-minutes-problem`}
            onChange={(event) => {
              setMinutes(event.target.value);
              clear("minutes");
            }}
            className={`${field} w-28`}
          />
          <p id={`${ids}-minutes-hint`} className="text-sm text-muted">
            {m.showAnnouncementMinutesHint}
          </p>
          <Problem id={`${ids}-minutes-problem`} text={problems.minutes} />
        </div>
        <button type="submit" className={`${primary} w-fit`}>
          {m.showAnnounce}
        </button>
      </form>
      {said}
    </section>
  );
}

function Problem({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} role="alert" className="text-sm font-semibold text-orchid empty:hidden">
      {text}
    </p>
  );
}
