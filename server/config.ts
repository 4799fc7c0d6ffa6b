import { z } from "zod";
import type { QuestionWindowOverride } from "../common/question-contract";
import {
  defaultMaxConnections,
  defaultMaxConnectionsPerAddress,
  defaultMaxLiveStreams,
  defaultMaxQuestionStreams,
  defaultMaxShowStreams,
  defaultMaxStreamsPerAddress,
  defaultNewVotersPerMinute,
  defaultQuestionRateLimits,
  defaultRateLimits,
  logLevels,
} from "../common/api-contract";
import { votingWindowOf, type VotingWindow, type VotingWindowRecord } from "../common/voting-window";
import { defaultStoreTimeoutMs } from "./store/vote-store";

const instant = (name: string) =>
  z.iso.datetime({
    offset: true,
    error: `${name} must be an ISO 8601 instant with an offset, e.g. 2031-05-07T10:00:00+02:00`,
  });

/** A whole number of at least `min` (a count, a limit), `fallback` when unset. */
const wholeNumber = (name: string, min: 0 | 1, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, min === 0 ? `${name} must be 0 or more` : `${name} must be at least 1`)
    .default(fallback);

const perMinute = (name: string, fallback: number) => wholeNumber(name, 1, fallback);

/** An HTTP(S) origin as a browser sends it: a scheme, a host and perhaps a port, nothing after (a "/" tolerated). */
function isOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/$/, "");
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int("PORT must be a whole number")
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(3000),
  HOST: z
    .string()
    .trim()
    .min(1, "HOST must not be empty")
    .regex(/^[A-Za-z0-9.:-]+$/, "HOST must be a host name or an IP address")
    .default("0.0.0.0"),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(", ")}` }).default("info"),
  CLIENT_DIR: z.string().trim().min(1, "CLIENT_DIR must not be empty").default("build/client"),
  DATABASE_PATH: z.string().trim().min(1, "DATABASE_PATH must not be empty").default("data/votes.sqlite"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional(),
  // How long the store may go without answering before a request is answered 503 (decision 080).
  DATABASE_TIMEOUT_SECONDS: z.coerce
    .number({ error: "DATABASE_TIMEOUT_SECONDS must be a number of seconds, e.g. 5" })
    .positive("DATABASE_TIMEOUT_SECONDS must be more than 0 seconds")
    .max(600, "DATABASE_TIMEOUT_SECONDS must be at most 600 seconds")
    .default(defaultStoreTimeoutMs / 1000),
  VOTING_OPENS: instant("VOTING_OPENS").optional(),
  VOTING_CLOSES: instant("VOTING_CLOSES").optional(),
  QUESTIONS_OPENS: instant("QUESTIONS_OPENS").optional(),
  QUESTIONS_CLOSES: instant("QUESTIONS_CLOSES").optional(),
  TRUST_PROXY: z.coerce
    .number({ error: "TRUST_PROXY must be a number of proxies" })
    .int("TRUST_PROXY must be a whole number of proxies")
    .min(0, "TRUST_PROXY must be 0 or more")
    .default(0),
  BEHIND_HTTPS: z
    .enum(["true", "false"], { error: "BEHIND_HTTPS must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  RATE_LIMIT_VOTES: perMinute("RATE_LIMIT_VOTES", defaultRateLimits.votes),
  RATE_LIMIT_READS: perMinute("RATE_LIMIT_READS", defaultRateLimits.reads),
  RATE_LIMIT_QUESTIONS: perMinute("RATE_LIMIT_QUESTIONS", defaultQuestionRateLimits.asksPerAddress),
  RATE_LIMIT_UPVOTES: perMinute("RATE_LIMIT_UPVOTES", defaultQuestionRateLimits.upvotesPerAddress),
  RATE_LIMIT_QUESTIONS_PER_VOTER: perMinute("RATE_LIMIT_QUESTIONS_PER_VOTER", defaultQuestionRateLimits.asksPerVoter),
  RATE_LIMIT_UPVOTES_PER_VOTER: perMinute("RATE_LIMIT_UPVOTES_PER_VOTER", defaultQuestionRateLimits.upvotesPerVoter),
  RATE_LIMIT_NEW_VOTERS: perMinute("RATE_LIMIT_NEW_VOTERS", defaultNewVotersPerMinute),
  MAX_LIVE_STREAMS: wholeNumber("MAX_LIVE_STREAMS", 0, defaultMaxLiveStreams),
  MAX_QUESTION_STREAMS: wholeNumber("MAX_QUESTION_STREAMS", 0, defaultMaxQuestionStreams),
  MAX_SHOW_STREAMS: wholeNumber("MAX_SHOW_STREAMS", 0, defaultMaxShowStreams),
  MAX_STREAMS_PER_ADDRESS: wholeNumber("MAX_STREAMS_PER_ADDRESS", 1, defaultMaxStreamsPerAddress),
  // Pages of these origins may vote and ask, beside the edition's site and the server's own addresses.
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value, context) => {
      const origins = value
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== "");
      if (!origins.every(isOrigin)) {
        context.addIssue({
          code: "custom",
          message:
            "ALLOWED_ORIGINS must be origins separated by commas, each a scheme and host like https://talks.example.org",
        });
        return z.NEVER;
      }
      return origins;
    }),
  MAX_CONNECTIONS: wholeNumber("MAX_CONNECTIONS", 1, defaultMaxConnections),
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber("MAX_CONNECTIONS_PER_ADDRESS", 1, defaultMaxConnectionsPerAddress),
  // Secrets (decision 029): long enough that guessing is hopeless, and never repeated in an error (below).
  ADMIN_TOKEN: z
    .string()
    .regex(/^\S{32,}$/, "ADMIN_TOKEN must be at least 32 characters without spaces (e.g. openssl rand -hex 32)")
    .optional(),
  // Moderates the audience's questions and nothing else (decision 039).
  MODERATOR_TOKEN: z
    .string()
    .regex(/^\S{32,}$/, "MODERATOR_TOKEN must be at least 32 characters without spaces (e.g. openssl rand -hex 32)")
    .optional(),
  VOTE_HASH_KEY: z
    .string()
    .regex(/^\S{32,}$/, "VOTE_HASH_KEY must be at least 32 characters without spaces (e.g. openssl rand -hex 32)")
    .optional(),
});

/**
 * Settings whose values must never reach a log or an error message: a database URL can hold a password, and the
 * admin token and the hash key are secrets themselves.
 */
const secret = new Set(["DATABASE_URL", "ADMIN_TOKEN", "MODERATOR_TOKEN", "VOTE_HASH_KEY"]);

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the server's settings from the environment; a bad value throws one readable line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) {
    // Behind an HTTPS proxy every request comes from the proxy's address: without trusting it for the client's
    // address, every rate limit and per-address share would count the whole audience as one client (decision 083).
    if (result.data.BEHIND_HTTPS && result.data.TRUST_PROXY === 0) {
      throw new ConfigError(
        "Invalid configuration: BEHIND_HTTPS=true needs TRUST_PROXY, the number of proxies in front of the server (usually 1), so that clients are told apart by their own addresses",
      );
    }
    return result.data;
  }
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  const got = secret.has(name) ? "" : ` (got ${JSON.stringify(env[name])})`;
  throw new ConfigError(`Invalid configuration: ${issue?.message ?? `${name} is invalid`}${got}`);
}

/**
 * The voting window: the edition's (its event.json), unless VOTING_OPENS or VOTING_CLOSES override either end,
 * which lets an organiser extend voting without a rebuild and lets the browser tests open it.
 */
export function votingWindow(config: Config, content: VotingWindowRecord): VotingWindow {
  const { opens, closes } = votingWindowOf({
    opens: config.VOTING_OPENS ?? content.opens,
    closes: config.VOTING_CLOSES ?? content.closes,
  });
  if (opens >= closes) {
    throw new ConfigError(
      `Invalid configuration: voting must close after it opens (opens ${opens.toISOString()}, closes ${closes.toISOString()})`,
    );
  }
  return { opens, closes };
}

/**
 * QUESTIONS_OPENS and QUESTIONS_CLOSES: when set, every session's questions open or close then, instead of at the
 * edition's times around each session (questionWindowOf). Both set, they must make a window.
 */
export function questionWindowOverride(config: Config): QuestionWindowOverride {
  const opens = config.QUESTIONS_OPENS === undefined ? undefined : new Date(config.QUESTIONS_OPENS);
  const closes = config.QUESTIONS_CLOSES === undefined ? undefined : new Date(config.QUESTIONS_CLOSES);
  if (opens && closes && opens >= closes) {
    throw new ConfigError(
      `Invalid configuration: questions must close after they open (QUESTIONS_OPENS ${opens.toISOString()}, QUESTIONS_CLOSES ${closes.toISOString()})`,
    );
  }
  return { ...(opens ? { opens } : {}), ...(closes ? { closes } : {}) };
}
