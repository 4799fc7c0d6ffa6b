import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, questionWindowOverride, votingWindow } from "./config";

describe("Server configuration", () => {
  it("defaults to port 3000 on every interface", () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: "0.0.0.0",
      LOG_LEVEL: "info",
      CLIENT_DIR: "build/client",
      DATABASE_PATH: "data/votes.sqlite",
      DATABASE_TIMEOUT_SECONDS: 5,
      TRUST_PROXY: 0,
      BEHIND_HTTPS: false,
      RATE_LIMIT_VOTES: 2000,
      RATE_LIMIT_READS: 10000,
      MAX_LIVE_STREAMS: 2000,
      RATE_LIMIT_QUESTIONS: 500,
      RATE_LIMIT_UPVOTES: 3000,
      RATE_LIMIT_QUESTIONS_PER_VOTER: 5,
      RATE_LIMIT_UPVOTES_PER_VOTER: 60,
      MAX_QUESTION_STREAMS: 10000,
      MAX_SHOW_STREAMS: 10000,
      RATE_LIMIT_NEW_VOTERS: 60,
      MAX_STREAMS_PER_ADDRESS: 500,
      ALLOWED_ORIGINS: [],
      MAX_CONNECTIONS: 16000,
      MAX_CONNECTIONS_PER_ADDRESS: 1000,
    });
  });

  it("reads the allowed origins as a list, and refuses BEHIND_HTTPS without a proxy trusted for addresses", () => {
    expect(loadConfig({ ALLOWED_ORIGINS: " https://talks.example.org, http://localhost:5173/ " })).toMatchObject({
      ALLOWED_ORIGINS: ["https://talks.example.org", "http://localhost:5173/"],
    });
    expect(loadConfig({ BEHIND_HTTPS: "true", TRUST_PROXY: "1" })).toMatchObject({ BEHIND_HTTPS: true });
    expect(() => loadConfig({ BEHIND_HTTPS: "true" })).toThrow(
      "Invalid configuration: BEHIND_HTTPS=true needs TRUST_PROXY, the number of proxies in front of the server (usually 1), so that clients are told apart by their own addresses",
    );
  });

  it("reads the environment, treating empty values as unset", () => {
    expect(loadConfig({ PORT: "8080", HOST: "127.0.0.1", LOG_LEVEL: "" })).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
    });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [{ PORT: "80.5" }, 'Invalid configuration: PORT must be a whole number (got "80.5")'],
    [{ HOST: "my host" }, 'Invalid configuration: HOST must be a host name or an IP address (got "my host")'],
    [
      { LOG_LEVEL: "loud" },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { VOTING_CLOSES: "tomorrow" },
      'Invalid configuration: VOTING_CLOSES must be an ISO 8601 instant with an offset, e.g. 2031-05-07T10:00:00+02:00 (got "tomorrow")',
    ],
    [{ BEHIND_HTTPS: "yes" }, 'Invalid configuration: BEHIND_HTTPS must be true or false (got "yes")'],
    [{ TRUST_PROXY: "-1" }, 'Invalid configuration: TRUST_PROXY must be 0 or more (got "-1")'],
    [{ RATE_LIMIT_VOTES: "0" }, 'Invalid configuration: RATE_LIMIT_VOTES must be at least 1 (got "0")'],
    [{ MAX_LIVE_STREAMS: "many" }, 'Invalid configuration: MAX_LIVE_STREAMS must be a number (got "many")'],
    [
      { QUESTIONS_OPENS: "2031-05-07 10:00" },
      'Invalid configuration: QUESTIONS_OPENS must be an ISO 8601 instant with an offset, e.g. 2031-05-07T10:00:00+02:00 (got "2031-05-07 10:00")',
    ],
    [
      { RATE_LIMIT_QUESTIONS_PER_VOTER: "0" },
      'Invalid configuration: RATE_LIMIT_QUESTIONS_PER_VOTER must be at least 1 (got "0")',
    ],
    [{ RATE_LIMIT_UPVOTES: "1.5" }, 'Invalid configuration: RATE_LIMIT_UPVOTES must be a whole number (got "1.5")'],
    [{ MAX_QUESTION_STREAMS: "-1" }, 'Invalid configuration: MAX_QUESTION_STREAMS must be 0 or more (got "-1")'],
    [{ MAX_SHOW_STREAMS: "-1" }, 'Invalid configuration: MAX_SHOW_STREAMS must be 0 or more (got "-1")'],
    [{ RATE_LIMIT_NEW_VOTERS: "0" }, 'Invalid configuration: RATE_LIMIT_NEW_VOTERS must be at least 1 (got "0")'],
    [{ MAX_STREAMS_PER_ADDRESS: "0" }, 'Invalid configuration: MAX_STREAMS_PER_ADDRESS must be at least 1 (got "0")'],
    [
      { ALLOWED_ORIGINS: "https://talks.example.org/page" },
      'Invalid configuration: ALLOWED_ORIGINS must be origins separated by commas, each a scheme and host like https://talks.example.org (got "https://talks.example.org/page")',
    ],
    [
      { ALLOWED_ORIGINS: "talks.example.org" },
      'Invalid configuration: ALLOWED_ORIGINS must be origins separated by commas, each a scheme and host like https://talks.example.org (got "talks.example.org")',
    ],
    [{ MAX_CONNECTIONS: "0" }, 'Invalid configuration: MAX_CONNECTIONS must be at least 1 (got "0")'],
    [{ MAX_CONNECTIONS: "lots" }, 'Invalid configuration: MAX_CONNECTIONS must be a number (got "lots")'],
    [
      { MAX_CONNECTIONS_PER_ADDRESS: "2.5" },
      'Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS must be a whole number (got "2.5")',
    ],
    [
      { DATABASE_TIMEOUT_SECONDS: "5s" },
      'Invalid configuration: DATABASE_TIMEOUT_SECONDS must be a number of seconds, e.g. 5 (got "5s")',
    ],
    [
      { DATABASE_TIMEOUT_SECONDS: "0" },
      'Invalid configuration: DATABASE_TIMEOUT_SECONDS must be more than 0 seconds (got "0")',
    ],
    [
      { DATABASE_TIMEOUT_SECONDS: "3600" },
      'Invalid configuration: DATABASE_TIMEOUT_SECONDS must be at most 600 seconds (got "3600")',
    ],
  ])("rejects %o with one clear line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it("reads the vote store's settings", () => {
    expect(loadConfig({ DATABASE_PATH: "/var/lib/glosaic/votes.sqlite" }).DATABASE_PATH).toBe(
      "/var/lib/glosaic/votes.sqlite",
    );
    expect(loadConfig({ DATABASE_URL: "postgres://app:pw@db.internal:5432/glosaic" }).DATABASE_URL).toBe(
      "postgres://app:pw@db.internal:5432/glosaic",
    );
    expect(loadConfig({ DATABASE_TIMEOUT_SECONDS: "1.5" }).DATABASE_TIMEOUT_SECONDS).toBe(1.5);
  });

  it("reads the admin token and the vote hash key, and never repeats a bad one", () => {
    const token = "a".repeat(32);
    expect(loadConfig({ ADMIN_TOKEN: token, VOTE_HASH_KEY: `${token}b` })).toMatchObject({
      ADMIN_TOKEN: token,
      VOTE_HASH_KEY: `${token}b`,
    });
    expect(() => loadConfig({ ADMIN_TOKEN: "short-secret" })).toThrow(
      new ConfigError(
        "Invalid configuration: ADMIN_TOKEN must be at least 32 characters without spaces (e.g. openssl rand -hex 32)",
      ),
    );
    expect(() => loadConfig({ VOTE_HASH_KEY: `${token} with spaces` })).toThrow(
      new ConfigError(
        "Invalid configuration: VOTE_HASH_KEY must be at least 32 characters without spaces (e.g. openssl rand -hex 32)",
      ),
    );
  });

  it("reads the moderator token, and never repeats a bad one", () => {
    const token = "m".repeat(40);
    expect(loadConfig({ MODERATOR_TOKEN: token }).MODERATOR_TOKEN).toBe(token);
    expect(() => loadConfig({ MODERATOR_TOKEN: "too-short-to-guess-hard" })).toThrow(
      new ConfigError(
        "Invalid configuration: MODERATOR_TOKEN must be at least 32 characters without spaces (e.g. openssl rand -hex 32)",
      ),
    );
  });

  it("never repeats a bad database URL, which may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://app:s3cret@db/glosaic" })).toThrow(
      new ConfigError("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL"),
    );
  });
});

describe("The voting window", () => {
  const content = { opens: "2023-12-01T00:00:00Z", closes: "2023-12-31T00:00:00Z" };

  it("is the edition's unless the environment overrides an end", () => {
    expect(votingWindow(loadConfig({}), content)).toEqual({
      opens: new Date("2023-12-01T00:00:00Z"),
      closes: new Date("2023-12-31T00:00:00Z"),
    });
    expect(votingWindow(loadConfig({ VOTING_CLOSES: "2024-01-15T12:00:00-05:00" }), content)).toEqual({
      opens: new Date("2023-12-01T00:00:00Z"),
      closes: new Date("2024-01-15T17:00:00Z"),
    });
  });

  it("must close after it opens", () => {
    expect(() => votingWindow(loadConfig({ VOTING_OPENS: "2024-01-01T00:00:00Z" }), content)).toThrow(
      new ConfigError(
        "Invalid configuration: voting must close after it opens (opens 2024-01-01T00:00:00.000Z, closes 2023-12-31T00:00:00.000Z)",
      ),
    );
  });
});

describe("The questions' window override", () => {
  it("is nothing unless the environment sets an end, and either end alone", () => {
    expect(questionWindowOverride(loadConfig({}))).toEqual({});
    expect(questionWindowOverride(loadConfig({ QUESTIONS_OPENS: "2031-05-07T10:00:00+02:00" }))).toEqual({
      opens: new Date("2031-05-07T08:00:00Z"),
    });
    expect(
      questionWindowOverride(
        loadConfig({ QUESTIONS_OPENS: "2031-05-07T10:00:00+02:00", QUESTIONS_CLOSES: "2031-05-08T00:00:00Z" }),
      ),
    ).toEqual({ opens: new Date("2031-05-07T08:00:00Z"), closes: new Date("2031-05-08T00:00:00Z") });
  });

  it("must close after it opens", () => {
    for (const closes of ["2031-05-07T08:00:00Z", "2031-05-07T07:00:00Z"]) {
      expect(() =>
        questionWindowOverride(loadConfig({ QUESTIONS_OPENS: "2031-05-07T10:00:00+02:00", QUESTIONS_CLOSES: closes })),
      ).toThrow(ConfigError);
    }
  });
});
