import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Edition } from "../../content";
import { cleanText, type TextRefusals } from "../../app/lib/question-text";
import {
  announcementLevels,
  announcementLimits,
  currentAnnouncement,
  delayLimits,
  idleStage,
  mainStage,
  showActions,
  stageOfSession,
  streamSources,
  type ShowEvents,
  type ShowState,
  type ShowViewers,
} from "../../common/show-contract";
import type { SessionStage, StageChange, VoteStore } from "../store";
import { guardAdminRoutes } from "./bearer-token";
import { EventHub, questionStreamsFullRetryAfterSeconds, sseEvent } from "./question-streams";
import type { PerAddress } from "./per-address";
import { limitedBy, type RateLimiter } from "./rate-limit";

/** A stage of the edition, as the show's API checks what names it: its sessions, in time order, and its backup. */
export interface ShowStage {
  sessions: readonly string[];
  /** Whether stage.json names a backup stream for it: `backup` is refused otherwise. */
  backup: boolean;
}

/**
 * The edition's stages (issue 44): each room's, by its id, or the one stream's (`main`) in an edition without rooms;
 * every stage of the edition is one, with sessions or not.
 */
export function showStagesOf(edition: Pick<Edition, "agenda" | "rooms" | "stage">): Map<string, ShowStage> {
  const { rooms, stage } = edition;
  const ids = rooms.length > 0 ? rooms.map((room) => room.id) : [mainStage];
  const sessions = new Map(ids.map((id) => [id, [] as { id: string; start: number }[]]));
  for (const slot of edition.agenda)
    sessions.get(stageOfSession(slot))?.push({ id: slot.id, start: Date.parse(slot.start) });
  return new Map(
    ids.map((id) => [
      id,
      {
        sessions: (sessions.get(id) ?? []).sort((a, b) => a.start - b.start).map((session) => session.id),
        backup: (rooms.length > 0 ? stage.backup?.rooms[id] : stage.backup?.stream) !== undefined,
      },
    ]),
  );
}

/** The key of the stream's channel of pages that follow the show without being a stage's viewer. */
const followers = "";
/**
 * How long a server may answer GET /api/show with a state read before changes through other servers: their notices
 * normally make it stale at once, this bounds a notice lost with a dropped connection (and an expired announcement).
 */
const stateMaxAgeMs = 1000;
/** How often a server tells the store how many stage pages it holds open: well within viewerReportMaxAgeMs. */
const viewersReportMs = 5000;

/** A channel's state as last sent: the show, and its JSON to tell a change from none. */
interface SentShow {
  state: ShowState;
  json: string;
}

export interface ShowServiceOptions {
  store: VoteStore;
  stages: ReadonlyMap<string, ShowStage>;
  now: () => Date;
  commonHeaders: Record<string, string>;
  /** The show's streams this server holds at most (MAX_SHOW_STREAMS). */
  maxStreams: number;
  /** The audience's streams per client address, shared with the leaderboard's and the questions'. */
  streamsPerAddress: PerAddress;
  heartbeatMs?: number;
}

/**
 * What the show's routes share: the edition's stages, the show as last read, its stream (a channel per stage, whose
 * streams are that stage's viewers, and one for every other page), and this server's reports of its viewers.
 */
export class ShowService {
  readonly stages: ReadonlyMap<string, ShowStage>;
  readonly hub: EventHub<SentShow>;
  readonly #options: ShowServiceOptions;
  /** The stage of each session of the programme, for the pin per stage. */
  readonly #stageOfSession = new Map<string, SessionStage>();
  #version = 0;
  #read: { version: number; madeAt: number; state: Promise<ShowState> } | undefined;
  readonly #stopListening: () => void;
  readonly #reporting: ReturnType<typeof setInterval>;

  constructor(options: ShowServiceOptions) {
    this.#options = options;
    const { store, stages, commonHeaders, maxStreams, streamsPerAddress, heartbeatMs = 15_000 } = options;
    this.stages = stages;
    for (const [stage, { sessions }] of stages) {
      for (const session of sessions) this.#stageOfSession.set(session, { stage, sessions });
    }
    this.hub = new EventHub<SentShow>({
      budget: { open: 0, max: maxStreams },
      addresses: streamsPerAddress,
      heartbeatMs,
      commonHeaders,
      load: async (_key, previous) => {
        // One read for every channel: the state is kept until the next change.
        const state = await this.state();
        const json = JSON.stringify(state);
        const events = previous && previous.json !== json ? sseEvent("show", state satisfies ShowEvents["show"]) : "";
        return { state: { state, json }, events };
      },
      snapshot: ({ state }) => sseEvent("snapshot", state satisfies ShowEvents["snapshot"]),
    });
    // Every change, through this server or (on PostgreSQL) any other sharing the store, reaches the streams.
    this.#stopListening = store.show.onShowChanged(() => {
      this.touched();
    });
    this.#reporting = setInterval(() => {
      this.reportViewers().catch(() => undefined);
    }, viewersReportMs);
    this.#reporting.unref();
  }

  /** The stage a session is on, with the stage's sessions (undefined for a session of no stage of this edition). */
  readonly stageOf = (sessionId: string): SessionStage | undefined => this.#stageOfSession.get(sessionId);

  /** The show changed: the state kept is stale, and every channel's clients get the new one. */
  touched() {
    this.#version++;
    this.hub.changed(followers);
    for (const stage of this.stages.keys()) this.hub.changed(stage);
  }

  /** The show as it stands: every stage of the edition, an expired announcement gone. Read once per change. */
  state(): Promise<ShowState> {
    const kept = this.#read;
    if (kept && kept.version === this.#version && Date.now() - kept.madeAt < stateMaxAgeMs) return kept.state;
    const read = { version: this.#version, madeAt: Date.now(), state: this.#readState() };
    this.#read = read;
    read.state.catch(() => {
      // The store was away: the next request reads again.
      if (this.#read === read) this.#read = undefined;
    });
    return read.state;
  }

  /** The show read now, not as kept: what a write answers. */
  fresh(): Promise<ShowState> {
    this.#version++;
    return this.state();
  }

  async #readState(): Promise<ShowState> {
    const kept = await this.#options.store.show.show();
    return {
      stages: Object.fromEntries([...this.stages.keys()].map((stage) => [stage, kept.stages.get(stage) ?? idleStage])),
      announcement: currentAnnouncement(kept, this.#options.now()),
    };
  }

  /** The stage pages this server holds open now, by stage: its streams opened with ?stage=. */
  viewersHere(): Map<string, number> {
    return new Map([...this.stages.keys()].map((stage) => [stage, this.hub.streamsOf(stage)]));
  }

  /** Tells the store this server's viewers, which every server sums (decision 091). */
  reportViewers(): Promise<void> {
    return this.#options.store.show.reportViewers(this.viewersHere(), this.#options.now());
  }

  /** Stops listening and reporting, and ends every stream. */
  close() {
    this.#stopListening();
    clearInterval(this.#reporting);
    this.hub.closeAll();
  }
}

const serverFullError = "This server holds as many show streams as it can: poll GET /api/show meanwhile.";
const addressFullError = "This address holds as many live streams as it may: poll GET /api/show meanwhile.";
const noStage = (stage: string) => ({ error: `No stage ${stage} in this edition` });

/**
 * The stage a request's `?stage=` names: undefined when it names none; null once the reply has refused it (400 for a
 * repeated one, 404 for one the edition has not).
 */
function queriedStage(request: FastifyRequest, reply: FastifyReply, service: ShowService): string | undefined | null {
  const { stage } = request.query as { stage?: unknown };
  if (stage === undefined) return undefined;
  if (typeof stage !== "string") {
    void reply.code(400).header("cache-control", "no-store").send({ error: "stage must be given once" });
    return null;
  }
  if (!service.stages.has(stage)) {
    void reply.code(404).header("cache-control", "no-store").send(noStage(stage));
    return null;
  }
  return stage;
}

export interface ShowRoutesOptions {
  service: ShowService;
  reads: RateLimiter;
}

/** The show's public routes (issue 44): its state, and its stream, which a stage page opens as one of its viewers. */
export function registerShow(app: FastifyInstance, { service, reads }: ShowRoutesOptions) {
  const limitReads = limitedBy(reads);

  app.addHook("preClose", (done) => {
    service.close();
    done();
  });

  app.get("/show", { onRequest: limitReads }, async (_request, reply) => {
    const state = await service.state();
    return reply.header("cache-control", "no-cache").send(state satisfies ShowState);
  });

  app.get("/show/events", { onRequest: limitReads, exposeHeadRoute: false }, async (request, reply) => {
    const stage = queriedStage(request, reply, service);
    if (stage === null) return reply;
    const full = (who: "server" | "address") =>
      reply
        .code(503)
        .header("retry-after", String(questionStreamsFullRetryAfterSeconds))
        .header("cache-control", "no-store")
        .send({ error: who === "server" ? serverFullError : addressFullError });
    if (service.hub.full) return full("server");
    const opened = await service.hub.open(stage ?? followers, request, reply);
    return opened === "opened" ? reply : full(opened);
  });
}

/** An announcement's text refused, in the words of the API's other refusals (the control room says its own). */
const announcementRefusals: TextRefusals = {
  notText: "text must be a text",
  empty: "text must say something",
  tooLong: `text may be at most ${String(announcementLimits.text)} characters`,
  controls: "text must not hold control characters",
  bidi: "text must not hold bidirectional formatting characters",
  invisible: "text must not hold runs of invisible characters",
};

const stageField = z.string({ error: "stage must be a stage's id" }).min(1, "stage must be a stage's id").max(200);
const sessionField = z.string({ error: "a session's id" }).min(1).max(200);

const actionBody = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("delay"),
      stage: stageField,
      minutes: z
        .number({ error: "minutes must be a whole number" })
        .int("minutes must be a whole number")
        .min(delayLimits.min, `minutes must be at least ${String(delayLimits.min)}`)
        .max(delayLimits.max, `minutes must be at most ${String(delayLimits.max)}`),
      from: sessionField,
    }),
    z.object({ action: z.literal("on-stage"), stage: stageField, session: sessionField.nullable() }),
    z.object({
      action: z.literal("stream"),
      stage: stageField,
      source: z.enum(streamSources, { error: `source must be one of ${streamSources.join(", ")}` }),
    }),
    z.object({
      action: z.literal("announce"),
      // Cleaned below, as a question's text is.
      text: z.unknown(),
      link: z
        .string({ error: "link must be an http or https address" })
        .trim()
        .max(announcementLimits.link, `link must be at most ${String(announcementLimits.link)} characters`)
        .refine(
          (link) => link === "" || (URL.canParse(link) && ["http:", "https:"].includes(new URL(link).protocol)),
          "link must be an http or https address",
        )
        .nullable()
        .optional(),
      level: z.enum(announcementLevels, { error: `level must be one of ${announcementLevels.join(", ")}` }).optional(),
      minutes: z
        .number({ error: "minutes must be a whole number of minutes, or null" })
        .int("minutes must be a whole number of minutes")
        .min(1, "minutes must be at least 1")
        .max(announcementLimits.minutes, `minutes must be at most ${String(announcementLimits.minutes)}`)
        .nullable()
        .optional(),
    }),
    z.object({ action: z.literal("clear-announcement") }),
  ],
  { error: `action must be one of ${showActions.join(", ")}` },
);

export interface AdminShowOptions {
  service: ShowService;
  store: VoteStore;
  /** The tokens that may run the show: ADMIN_TOKEN and MODERATOR_TOKEN, whichever are set (at least one). */
  tokens: readonly string[];
  now: () => Date;
  reads: RateLimiter;
}

/**
 * The show's control (issue 44), under /api/admin, with ADMIN_TOKEN or MODERATOR_TOKEN as the questions'
 * moderation: the actions, and the viewers. Registered only when one of the tokens is set. Every answer, refusals
 * included, is for the caller alone.
 */
export function registerAdminShow(app: FastifyInstance, options: AdminShowOptions) {
  const { service, store, now } = options;
  guardAdminRoutes(app, options.reads, options.tokens);

  /** The stage an action names, or undefined once the reply has said 404. */
  function stageOf(stage: string, reply: FastifyReply) {
    const found = service.stages.get(stage);
    if (!found) void reply.code(404).send(noStage(stage));
    return found;
  }

  const notOfStage = (reply: FastifyReply, session: string, stage: string) =>
    reply.code(404).send({ error: `No session ${session} on stage ${stage}` });

  app.post("/show", { bodyLimit: 4096 }, async (request: FastifyRequest, reply) => {
    const parsed = actionBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const problem = issue?.path.length
        ? `${issue.path.join(".")}: ${issue.message}`
        : `expected a JSON body {action, ...}, action one of ${showActions.join(", ")}`;
      return reply.code(400).send({ error: `Malformed show action: ${problem}` });
    }
    const action = parsed.data;
    if (action.action === "announce") {
      const text = cleanText(action.text, announcementLimits.text, announcementRefusals);
      if (!text.ok) return reply.code(400).send({ error: `Malformed show action: ${text.error}` });
      const minutes = action.minutes ?? null;
      await store.show.announce({
        // A new id for each: a banner dismissed stays dismissed for that announcement only.
        id: randomUUID(),
        text: text.value ?? "",
        link: action.link || null,
        level: action.level ?? "info",
        until: minutes === null ? null : new Date(now().getTime() + minutes * 60_000).toISOString(),
      });
      return service.fresh();
    }
    if (action.action === "clear-announcement") {
      await store.show.announce(null);
      return service.fresh();
    }
    const stage = stageOf(action.stage, reply);
    if (!stage) return reply;
    let change: StageChange;
    switch (action.action) {
      case "delay":
        if (!stage.sessions.includes(action.from)) return notOfStage(reply, action.from, action.stage);
        // On time is on time from nowhere: the stage's delay undone whole.
        change =
          action.minutes === 0
            ? { delayMinutes: 0, delayFrom: null }
            : { delayMinutes: action.minutes, delayFrom: action.from };
        break;
      case "on-stage":
        if (action.session !== null && !stage.sessions.includes(action.session)) {
          return notOfStage(reply, action.session, action.stage);
        }
        change = { onStage: action.session };
        break;
      case "stream":
        if (action.source === "backup" && !stage.backup) {
          return reply.code(400).send({ error: `Stage ${action.stage} has no backup stream in stage.json` });
        }
        change = { stream: action.source };
        break;
    }
    await store.show.changeStage(action.stage, change);
    return service.fresh();
  });

  // `?stage=` reads one stage's: a control room of 35 stages shows one at a time, and their day of history together
  // is some 1.5 MB.
  app.get("/show/viewers", async (request, reply) => {
    const stage = queriedStage(request, reply, service);
    if (stage === null) return reply;
    // This server's own count as it is now, not as it was at its last report.
    await service.reportViewers();
    const kept = await store.show.viewers(now(), stage);
    return {
      stages: Object.fromEntries(
        (stage === undefined ? [...service.stages.keys()] : [stage]).map((id) => [
          id,
          { now: kept.now.get(id) ?? 0, history: kept.history.get(id) ?? [] },
        ]),
      ),
    } satisfies ShowViewers;
  });
  return Promise.resolve();
}
