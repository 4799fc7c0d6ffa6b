import { describe, expect, it } from "vitest";
import { connectionCaps, openFilesSoftLimit } from "./connections";

const limits = (
  soft: string,
  hard: string,
) => `Limit                     Soft Limit           Hard Limit           Units
Max processes             96365                96365                processes
Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files
Max locked memory         8388608              8388608              bytes
`;

describe("Connection caps against the open-file limit", () => {
  it("reads the soft limit of open files from /proc/self/limits", () => {
    expect(openFilesSoftLimit(limits("1024", "524288"))).toBe(1024);
    expect(openFilesSoftLimit(limits("unlimited", "unlimited"))).toBeUndefined();
    expect(openFilesSoftLimit(undefined)).toBeUndefined();
  });

  it("keeps the caps asked for when the limit holds them, or is unknown", () => {
    const asked = { maxConnections: 16_000, maxConnectionsPerAddress: 1000 };
    expect(connectionCaps(asked, 1_048_576)).toEqual(asked);
    expect(connectionCaps(asked, 16_128)).toEqual(asked);
    expect(connectionCaps(asked, undefined)).toEqual(asked);
  });

  it("lowers the total below the limit, and one address to half of it, in one line", () => {
    expect(connectionCaps({ maxConnections: 16_000, maxConnectionsPerAddress: 1000 }, 1024)).toEqual({
      maxConnections: 896,
      maxConnectionsPerAddress: 448,
      warning:
        "The open-file limit is 1024: MAX_CONNECTIONS lowered from 16000 to 896 and MAX_CONNECTIONS_PER_ADDRESS to 448 (raise the limit with ulimit -n, or LimitNOFILE in a systemd unit)",
    });
    expect(connectionCaps({ maxConnections: 16_000, maxConnectionsPerAddress: 1000 }, 256)).toMatchObject({
      maxConnections: 128,
      maxConnectionsPerAddress: 64,
    });
  });

  it("leaves a cap per address that is already low, and none behind a proxy", () => {
    expect(connectionCaps({ maxConnections: 16_000, maxConnectionsPerAddress: 100 }, 1024)).toEqual({
      maxConnections: 896,
      maxConnectionsPerAddress: 100,
      warning:
        "The open-file limit is 1024: MAX_CONNECTIONS lowered from 16000 to 896 (raise the limit with ulimit -n, or LimitNOFILE in a systemd unit)",
    });
    expect(connectionCaps({ maxConnections: 16_000, maxConnectionsPerAddress: undefined }, 1024)).toMatchObject({
      maxConnections: 896,
      maxConnectionsPerAddress: undefined,
    });
  });
});
