import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import * as content from "../../content";
import * as m from "../i18n/messages";
import { ModerationQueue } from "../components/questions/moderation-queue";
import { PageHeader } from "../components/page-header";
import { useModeratorStream } from "../lib/moderator-stream";
import { moderatePath } from "../../common/question-contract";
import { pageMeta, titled } from "../lib/seo";
import { storedValue, useStored } from "../lib/stored-value";
import { useHydrated } from "../lib/use-hydrated";

export const meta = () =>
  pageMeta({
    title: titled(m.moderateTitle),
    description: m.moderateDescription({ event: content.event.name }),
    path: moderatePath,
    // Linked from nowhere, and of no use to anyone without the token.
    noindex: true,
  });

/** The show's part, loaded when the moderator opens it: the page's first load is the questions' (its budget). */
const ShowControl = lazy(() => import("../components/show/show-control"));

/** The tab's copy of the token: sessionStorage, so it goes when the tab closes and never reaches another tab. */
const storedToken = storedValue(
  `${content.event.shortName.toLowerCase()}:moderator-token`,
  (raw) => raw,
  () => sessionStorage,
);

function storeToken(token: string | null) {
  storedToken.write(token);
}

/**
 * /moderate (decision 040): the moderator signs in with the token, then works through every session's questions,
 * the current session's first, live. The page is static until it runs: without JavaScript it says it needs it.
 */
export default function Moderate() {
  const hydrated = useHydrated();
  const token = useStored(storedToken);
  const [notice, setNotice] = useState("");
  // Signed in here and now (not a tab that kept its token): the sign-in form goes, and the focus moves to the tabs.
  const [signedIn, setSignedIn] = useState(false);
  // A refused token is forgotten at once, and the page asks again, saying why.
  const stream = useModeratorStream(token, (status) => {
    setNotice(status === "refused" ? m.moderateTokenRefused : m.moderateNoToken);
    storeToken(null);
  });
  const signOut = () => {
    storeToken(null);
    setNotice(m.moderateSignedOut);
  };
  return (
    <>
      <PageHeader title={m.moderateTitle}>
        <p>{m.moderateLead}</p>
      </PageHeader>
      <div className="mx-auto flex min-h-[60svh] max-w-6xl flex-col gap-8 px-6 py-10 [&>*]:max-w-4xl">
        <p className="hidden max-w-prose text-lg text-white/85 noscript:block">{m.moderateNoScript}</p>
        {token === null ? (
          <SignIn
            ready={hydrated}
            notice={notice}
            onToken={(value) => {
              setNotice("");
              setSignedIn(true);
              storeToken(value);
            }}
          />
        ) : (
          <Parts
            focus={signedIn}
            questions={<ModerationQueue token={token} stream={stream} onSignOut={signOut} />}
            show={
              <Suspense fallback={<p className="text-white/85">{m.showLoading}</p>}>
                <ShowControl token={token} />
              </Suspense>
            }
          />
        )}
      </div>
    </>
  );
}

const parts = ["questions", "show"] as const;
type Part = (typeof parts)[number];
const partWords: Record<Part, string> = { questions: m.moderatePartQuestions, show: m.moderatePartShow };

/**
 * The page's two parts, the audience's questions and the show (issue 44), as tabs: one at a time reads on a phone,
 * and the arrow keys move between them as a tab list's do. The questions' stream runs on while the show is open.
 */
function Parts(props: Record<Part, ReactNode> & { focus: boolean }) {
  const [open, setOpen] = useState<Part>("questions");
  const tabs = useRef<Partial<Record<Part, HTMLButtonElement | null>>>({});
  const { focus } = props;
  useEffect(() => {
    if (focus) tabs.current.questions?.focus();
  }, [focus]);
  const choose = (part: Part) => {
    setOpen(part);
    tabs.current[part]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = parts.indexOf(open);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: parts.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(parts[(to + parts.length) % parts.length] ?? open);
  };
  return (
    <div className="flex flex-col gap-8">
      <div role="tablist" aria-label={m.moderateParts} className="flex gap-2 border-b border-line">
        {parts.map((part) => (
          <button
            key={part}
            ref={(element) => {
              tabs.current[part] = element;
            }}
            type="button"
            role="tab"
            id={`part-${part}`}
            aria-selected={open === part}
            // Only the open part is drawn: a closed tab controls nothing there is.
            aria-controls={open === part ? `part-${part}-panel` : undefined}
            tabIndex={open === part ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => {
              choose(part);
            }}
            className="-mb-px min-h-11 border-b-4 border-transparent px-4 py-2 text-lg font-semibold text-white/85 hover:text-white aria-selected:border-magenta aria-selected:text-white"
          >
            {partWords[part]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`part-${open}-panel`} aria-labelledby={`part-${open}`}>
        {props[open]}
      </div>
    </div>
  );
}

function SignIn({ ready, notice, onToken }: { ready: boolean; notice: string; onToken: (token: string) => void }) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState("");
  const field = useRef<HTMLInputElement>(null);
  // Refused or signed out: the field takes the focus, ready for the token again.
  useEffect(() => {
    if (notice) field.current?.focus();
  }, [notice]);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (value.trim() === "") {
      setProblem(m.moderateEnterToken);
      return;
    }
    onToken(value.trim());
  };
  const message = problem || notice;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="sign-in-title"
      className={`flex max-w-md flex-col gap-4 rounded-3xl border border-line bg-panel p-6 noscript:hidden ${ready ? "" : "invisible"}`}
    >
      <h2 id="sign-in-title" className="text-2xl font-bold">
        {m.moderateSignIn}
      </h2>
      <p className="text-white/85">{m.moderateTokenKept}</p>
      <div className="flex flex-col gap-2">
        <label htmlFor="moderator-token" className="font-semibold">
          {m.moderateTokenLabel}
        </label>
        <input
          ref={field}
          id="moderator-token"
          type="password"
          autoComplete="current-password"
          value={value}
          aria-invalid={message !== ""}
          aria-describedby="sign-in-message"
          onChange={(event) => {
            setValue(event.target.value);
            setProblem("");
          }}
          className="w-full rounded-2xl border border-white/30 bg-ink px-4 py-3 text-base text-white"
        />
      </div>
      <p id="sign-in-message" role="alert" className="font-semibold text-orchid empty:hidden">
        {message}
      </p>
      <button
        type="submit"
        className="inline-flex min-h-11 w-fit items-center rounded-full bg-electric px-6 py-2 font-semibold text-white hover:bg-electric-hover"
      >
        {m.moderateSignIn}
      </button>
    </form>
  );
}
