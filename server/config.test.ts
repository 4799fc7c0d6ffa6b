import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("Server configuration", () => {
  it("defaults to port 3000 on every interface", () => {
    expect(loadConfig({})).toEqual({ PORT: 3000, HOST: "0.0.0.0", LOG_LEVEL: "info", CLIENT_DIR: "build/client" });
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
  ])("rejects %o with one clear line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
