import { memo, Suspense, useDeferredValue, useEffect, useMemo, useRef } from "react";
import * as content from "../../content";
import {
  otherNames,
  speakerDirectory,
  type DirectoryEntry,
  type SpeakerDirectory,
} from "../../content/speaker-directory";
import { Breadcrumb } from "../components/breadcrumb";
import { PageHeader } from "../components/page-header";
import { currentAddressQuery, setAddressQuery, useAddressQuery } from "../lib/address-query";
import { useLinksWithin } from "../lib/links-within";
import { pageMeta, titled } from "../lib/seo";
import { speakerDirectoryFile } from "../lib/speaker-directory";
import { matchesQuery, searchKey } from "../../common/search-text";
import { speakerPath, speakersPath } from "../../common/site-paths";
import type { Route } from "./+types/speakers";
import * as m from "../i18n/messages";

export const meta: Route.MetaFunction = ({ loaderData: { count } }) =>
  pageMeta({
    title: titled(m.speakersTitle),
    description: m.speakersDescription({ count, event: content.event.name }),
    path: speakersPath,
  });

/** Runs at build time only: how many people the directory lists, for its description. The directory itself comes from its file. */
export function loader() {
  return { count: speakerDirectory(content).groups.reduce((sum, group) => sum + group.speakers.length, 0) };
}

/** The directory draws from its file: it is fetched before the page's scripts, not once they have run. */
export const links: Route.LinksFunction = speakerDirectoryFile.preloads;

/** On client-side navigation, the page shows once the directory is there too, rather than without its list. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return speakerDirectoryFile.withFile(serverLoader);
}

/** The search box's id, by which the directory's "clear the search" gives it the focus back. */
const searchBoxId = "speaker-search";

/** Everyone on the programme, A to Z, searchable by name and organisation (decision 087). */
export default function SpeakersPage() {
  return (
    <>
      <PageHeader
        breadcrumb={<Breadcrumb trail={[{ label: m.navHome, to: "/" }]} current={m.speakersTitle} />}
        title={m.speakersTitle}
      >
        <p>{m.speakersLead({ event: content.event.name })}</p>
      </PageHeader>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-6 py-10">
        <SearchBox />
        <Suspense>
          <Directory />
        </Suspense>
      </div>
    </>
  );
}

/**
 * The search, kept in the address. The box is left uncontrolled: what a visitor types before the page has hydrated
 * stays in it (hydration would set a controlled box back to the prerender's empty value) and is taken into the
 * address once it has; afterwards the box is set from the address only when that changes from elsewhere (the
 * directory's "clear the search", back to a shared search). Filtering needs JavaScript: without it the box would
 * take typing and do nothing, so it is not shown, and the whole directory is.
 */
function SearchBox() {
  const query = useAddressQuery();
  const box = useRef<HTMLInputElement>(null);
  const hydrated = useRef(false);
  useEffect(() => {
    const input = box.current;
    if (!input) return;
    if (!hydrated.current) {
      hydrated.current = true;
      if (input.value !== "" && currentAddressQuery() === "") {
        setAddressQuery(input.value);
        return;
      }
    }
    if (input.value !== query) input.value = query;
  }, [query]);

  return (
    <form
      role="search"
      className="flex flex-col gap-2 noscript:hidden sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <label htmlFor={searchBoxId} className="text-sm font-semibold text-muted">
        {m.speakersSearchLabel}
      </label>
      <input
        ref={box}
        id={searchBoxId}
        type="search"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setAddressQuery(event.target.value);
        }}
        className="min-h-12 w-full rounded-full border border-white/30 bg-ink px-5 py-3 text-white placeholder:text-white/60 focus:border-sky"
      />
    </form>
  );
}

/** A group's heading id, the index's anchor: its letter, or a word for the names of other scripts. */
const groupId = (letter: string) => `speakers-${letter === otherNames ? "other" : letter}`;

/** What a search compares of each speaker: their name and job title (with the organisation), folded once. */
function searchKeys({ groups }: SpeakerDirectory): Map<string, string> {
  return new Map(
    groups.flatMap((group) =>
      group.speakers.map((speaker) => [speaker.id, searchKey(`${speaker.name} ${speaker.title ?? ""}`)]),
    ),
  );
}

/**
 * The index, the count and the groups. It reads the directory from its file, inside a Suspense boundary that keeps the
 * prerendered list until the file has come, and takes no props, under `memo`, so that nothing re-renders it from
 * above meanwhile (decision 077). A search hides the speakers it does not find rather than removing them: clearing it
 * shows them again without building a thousand entries anew. The list follows the box a step behind
 * (`useDeferredValue`), so typing stays quick on a slow phone.
 */
const Directory = memo(function Directory() {
  const directory = speakerDirectoryFile.useRendered();
  const list = useRef<HTMLDivElement>(null);
  useLinksWithin(list);
  const keys = useMemo(() => searchKeys(directory), [directory]);
  const query = useDeferredValue(useAddressQuery());
  const searching = query.trim() !== "";
  const groups = directory.groups.map((group) => {
    const found = new Set(
      group.speakers.filter((speaker) => matchesQuery(keys.get(speaker.id) ?? "", query)).map((speaker) => speaker.id),
    );
    return { ...group, found };
  });
  const count = groups.reduce((sum, group) => sum + group.found.size, 0);

  return (
    <div ref={list} className="flex flex-col gap-6">
      <p role="status" className="text-muted">
        {searching ? m.speakersFound({ count, query: query.trim() }) : m.speakersShown({ count })}
      </p>
      {searching && count === 0 ? (
        <p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-full border border-white/40 px-5 font-semibold hover:border-white"
            onClick={() => {
              setAddressQuery("");
              document.getElementById(searchBoxId)?.focus();
            }}
          >
            {m.speakersClearSearch}
          </button>
        </p>
      ) : null}
      <nav aria-label={m.speakersIndexLabel} hidden={count === 0}>
        <ul className="flex flex-wrap gap-1.5">
          {groups.map(({ letter, found }) => (
            <li key={letter} hidden={found.size === 0}>
              <a
                href={`#${groupId(letter)}`}
                className="inline-flex size-11 items-center justify-center rounded-xl border border-line bg-panel font-display text-lg font-bold hover:border-white/60"
              >
                {letter}
                {letter === otherNames ? <span className="sr-only">{m.speakersOtherNames}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(({ letter, speakers, found }) => (
        <section key={letter} aria-labelledby={groupId(letter)} hidden={found.size === 0}>
          <h2
            id={groupId(letter)}
            tabIndex={-1}
            className="mb-4 border-b border-line pb-2 font-display text-3xl font-bold"
          >
            {letter}
            {letter === otherNames ? (
              <span className="ml-3 text-lg font-semibold text-muted">{m.speakersOtherNames}</span>
            ) : null}
          </h2>
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {speakers.map((speaker) => (
              <Entry key={speaker.id} speaker={speaker} hidden={!found.has(speaker.id)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
});

/**
 * One speaker: their name to their page, their job title, their sessions to the talks' pages (plain links, which the
 * directory's one listener takes within the app: useLinksWithin). An entry's layout and
 * painting wait until it nears the screen (`content-visibility: auto`, with room kept at an entry's usual height),
 * so that a directory of a thousand entries lays out only those in view.
 */
const Entry = memo(function Entry({ speaker, hidden }: { speaker: DirectoryEntry; hidden: boolean }) {
  return (
    <li hidden={hidden} className="[contain-intrinsic-size:auto_6rem] [content-visibility:auto]">
      <h3 className="text-lg font-bold">
        <a href={speakerPath(speaker.id)} className="underline-offset-4 hover:underline">
          {speaker.name}
        </a>
      </h3>
      {speaker.title ? <p className="text-sm text-muted">{speaker.title}</p> : null}
      <ul className="mt-1.5 flex flex-col gap-1 text-sm">
        {speaker.sessions.map((session, index) => (
          <li key={index}>
            {session.path ? (
              <a href={session.path} className="text-sky underline-offset-4 hover:underline">
                {session.title}
              </a>
            ) : (
              session.title
            )}
          </li>
        ))}
      </ul>
    </li>
  );
});
