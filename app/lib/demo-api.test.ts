import { afterEach, describe, expect, it, vi } from "vitest";
import { loadVoteStatus, voteStatusUrl } from "./demo-api";
import { votedDemosKey } from "./voted-demos";

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
const stored = new Map<string, string>();
vi.stubGlobal("localStorage", { getItem: (key: string) => stored.get(key) ?? null, setItem: vi.fn() });
const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
afterEach(() => {
  fetchMock.mockReset();
  log.mockClear();
  stored.clear();
});

const check = (demoId: string, signal = new AbortController().signal) =>
  loadVoteStatus(demoId)(voteStatusUrl(demoId), signal);

describe("Checking a demo's vote status", () => {
  it("GETs /api/demos/{id}/has-voted with credentials", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ hasVoted: true, canVoteAgainIn: null, votedAt: "2025-04-16T15:00:00.000Z" }),
    );
    await expect(check("demo-2")).resolves.toEqual({
      hasVoted: true,
      canVoteAgainIn: null,
      votedAt: "2025-04-16T15:00:00.000Z",
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/demos/demo-2/has-voted");
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe("include");
    expect(log).not.toHaveBeenCalled();
  });

  it("falls back to the voted-demos list when the check fails, and logs why", async () => {
    stored.set(votedDemosKey, '["demo-4"]');
    fetchMock.mockResolvedValueOnce(new Response("", { status: 502, statusText: "Bad Gateway" }));
    await expect(check("demo-4")).resolves.toEqual({ hasVoted: true, canVoteAgainIn: null, votedAt: null });
    expect(log).toHaveBeenCalledWith("Error checking vote status: 502: Bad Gateway");

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(check("demo-5")).resolves.toEqual({ hasVoted: false, canVoteAgainIn: null, votedAt: null });
    expect(log).toHaveBeenLastCalledWith("Error checking vote status: Failed to fetch");
  });

  it("neither falls back nor logs when the page cancels the check", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(() => {
      controller.abort();
      return Promise.reject(new DOMException("The operation was aborted.", "AbortError"));
    });
    await expect(check("demo-1", controller.signal)).rejects.toThrow("aborted");
    expect(log).not.toHaveBeenCalled();
  });
});
