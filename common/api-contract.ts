/**
 * What the server and the app agree on about the API: its addresses, the server's defaults that the README documents
 * and what it announces once it listens. Defined here once; both import it (the app never imports server/).
 */

/**
 * What the server prints on standard output once it listens, before the address: the tests, the bench and the
 * footprint wait for it. It names no edition: one server binary serves whichever edition it was built for.
 */
export const listeningAnnouncement = "Site and API on";

/** The server's log levels (LOG_LEVEL), most severe first; `silent` logs nothing. */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Requests per client address and minute (RATE_LIMIT_VOTES, RATE_LIMIT_READS). High, because a whole audience
 * can share one Wi-Fi address; they stop a script, not a room.
 */
export const defaultRateLimits = { votes: 2000, reads: 10_000 } as const;

// The cache's keys are the URLs themselves, spec §7's query keys: the default fetch GETs them.
export const demosUrl = "/api/demos";
export const votingUrl = "/api/voting";
/** The leaderboard's page, where a vote sent without script returns (fixed-pages.ts names it literally). */
export const demoVotingPath = "/demo-voting";
/** The fragment a vote sent without script returns to: the demo's card shows its voter's note there (decision 060). */
export const votedMarker = (demoId: string) => `voted-${demoId}`;

/** The leaderboard's live counts while voting is open: Server-Sent Events (server/api/demo-events.ts). */
export const demoEventsPath = "/api/demos/events";

/**
 * Live leaderboards one server holds at most (MAX_LIVE_STREAMS): each is an open connection and a little memory;
 * past it a page polls GET /api/demos instead. Several servers behind a balancer hold this many each.
 */
export const defaultMaxLiveStreams = 2000;

/**
 * The audience's questions' rate limits, per minute (decision 039): per client address (RATE_LIMIT_QUESTIONS,
 * RATE_LIMIT_UPVOTES), high enough for a hall behind one Wi-Fi address, and per voter cookie
 * (RATE_LIMIT_QUESTIONS_PER_VOTER, RATE_LIMIT_UPVOTES_PER_VOTER), tight enough to stop one person's flood. A client
 * that drops its cookie to escape the second is still counted by the first.
 */
export const defaultQuestionRateLimits = {
  asksPerAddress: 500,
  upvotesPerAddress: 3000,
  asksPerVoter: 5,
  upvotesPerVoter: 60,
} as const;

export interface QuestionRateLimits {
  asksPerAddress: number;
  upvotesPerAddress: number;
  asksPerVoter: number;
  upvotesPerVoter: number;
}

/**
 * Question streams (a session's, and the moderators') one server holds at most (MAX_QUESTION_STREAMS): every
 * viewer of a talk page during its session holds one; past it a page polls the session's questions instead.
 */
export const defaultMaxQuestionStreams = 10_000;

/**
 * The show's streams (GET /api/show/events, issue 44) one server holds at most (MAX_SHOW_STREAMS): every open page
 * of the site holds one, for the announcements; past it a page polls GET /api/show every 2 s instead.
 */
export const defaultMaxShowStreams = 10_000;

/**
 * The audience's live streams (leaderboards and questions together) that one client address holds at most
 * (MAX_STREAMS_PER_ADDRESS), the show's too: a hall's Wi-Fi puts hundreds of phones behind one address, each with a stream or two;
 * one client past it polls, and leaves the rest of the server's streams to everyone else.
 */
export const defaultMaxStreamsPerAddress = 500;

/**
 * New voter cookies one client address is issued a minute (RATE_LIMIT_NEW_VOTERS): enough for a hall filling up
 * behind one address, few enough that a script shedding its cookie to vote again gets a handful of votes, not one
 * per request.
 */
export const defaultNewVotersPerMinute = 60;

/** The cookie that names a voter (server/api/voter.ts, decision 083). */
export const voterCookie = "glosaic_voter";

/** The `name=value` of the voter cookie among an answer's Set-Cookie lines, if it issued one: for tests and benches. */
export function issuedVoterCookie(setCookie: readonly string[] | string | undefined): string | undefined {
  return [setCookie ?? []]
    .flat()
    .find((line) => line.startsWith(`${voterCookie}=`))
    ?.split(";")[0];
}

/**
 * A write (a vote, a question, an upvote) without a voter cookie is refused 403 with this as its JSON's `voter` once
 * the refusal has issued the cookie (decision 083): the page sends the write once more, and it counts.
 */
export const voterIssued = "issued";

/**
 * Connections one server holds at most (MAX_CONNECTIONS; decision 082): room for the default live and question
 * streams and 4,000 more for pages and API requests. Lowered at start when the open-file limit cannot hold them.
 */
export const defaultMaxConnections = defaultMaxLiveStreams + defaultMaxQuestionStreams + 4000;

/**
 * Connections one client address (an IPv6 /64) holds at most (MAX_CONNECTIONS_PER_ADDRESS): a conference hall
 * behind one NAT address, hundreds of phones each holding a page and a stream or two, twice the 500 streams one
 * address may hold. Not applied behind a proxy, from which every connection comes.
 */
export const defaultMaxConnectionsPerAddress = 2 * defaultMaxStreamsPerAddress;
