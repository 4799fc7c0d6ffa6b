import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiCache, ApiError, apiRequest, getJson, type Loader } from "./api-cache";
import { nextTask } from "./next-task";

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.stubGlobal("fetch", fetchMock);
});

const answer = (status: number, body: string, statusText = "") => {
  fetchMock.mockResolvedValueOnce(new Response(body === "" ? null : body, { status, statusText }));
};
const get = (url: string) => getJson(url, new AbortController().signal);
/** Lets every request and answer on its way arrive (each request waits for a task of its own). */
const settled = async () => {
  for (let turn = 0; turn < 10; turn += 1) await nextTask();
};

describe("The default fetch", () => {
  it("GETs the URL with credentials, and reads JSON", async () => {
    answer(200, '[{"id":"demo-1","votes":93}]');
    await expect(get("/api/demos")).resolves.toEqual([{ id: "demo-1", votes: 93 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/demos");
    expect(init?.credentials).toBe("include");
    expect(init?.method ?? "GET").toBe("GET");
  });

  it("fails with the status code, a colon and the body text", async () => {
    answer(500, '{"error":"Internal server error"}', "Internal Server Error");
    await expect(get("/api/demos")).rejects.toHaveProperty("message", '500: {"error":"Internal server error"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    answer(503, "", "Service Unavailable");
    await expect(get("/api/demos")).rejects.toHaveProperty("message", "503: Service Unavailable");
  });

  it("throws on 401 like on any other failure", async () => {
    answer(401, "Unauthorized", "Unauthorized");
    const failure = get("/api/demos");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow("401: Unauthorized");
  });

  it("starts each request in a task of its own, not inside the render that asked for it", async () => {
    answer(200, "[]");
    const pending = get("/api/demos");
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not send a request cancelled before its turn", async () => {
    const controller = new AbortController();
    const pending = getJson("/api/demos", controller.signal);
    controller.abort();
    await expect(pending).rejects.toHaveProperty("name", "AbortError");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lets a network failure through as it is", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(get("/api/demos")).rejects.toThrow(TypeError);
  });
});

describe("API requests", () => {
  it("send the method with credentials, and fail as queries do", async () => {
    answer(201, '{"votes":47}');
    const response = await apiRequest("POST", "/api/demos/demo-3/vote");
    expect(await response.json()).toEqual({ votes: 47 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "POST", credentials: "include" });

    answer(409, '{"error":"You have already voted for Notewell."}', "Conflict");
    const failure = apiRequest("POST", "/api/demos/demo-3/vote");
    await expect(failure).rejects.toThrow('409: {"error":"You have already voted for Notewell."}');
  });

  it("expose the server's reason when it gave one", () => {
    expect(new ApiError(403, '{"error":"Voting has ended."}', "Forbidden").reason).toBe("Voting has ended.");
    expect(new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway").reason).toBeNull();
    expect(new ApiError(500, '{"error":""}', "").reason).toBeNull();
    expect(new ApiError(500, "", "Internal Server Error").message).toBe("500: Internal Server Error");
  });
});

/** A loader whose answers the test gives, one per call, in order. */
function loaderAnswering(...answers: (() => Promise<unknown>)[]) {
  return vi.fn<Loader<unknown>>(() => (answers.shift() ?? (() => Promise.reject(new Error("no answer left"))))());
}
const resolves = (data: unknown) => () => Promise.resolve(data);
const rejects = (error: Error) => () => Promise.reject(error);

describe("The cache of a page visit", () => {
  it("fetches a URL once, however often and however late it is asked for", async () => {
    answer(200, '{"opens":"2025-04-16T14:00:00Z","closes":"2025-04-16T20:00:00Z"}');
    const cache = new ApiCache();
    expect(cache.get("/api/voting").status).toBe("pending");
    const release = cache.ask("/api/voting");
    cache.ask("/api/voting");
    await settled();
    const first = cache.get("/api/voting");
    expect(first).toEqual({
      status: "success",
      data: { opens: "2025-04-16T14:00:00Z", closes: "2025-04-16T20:00:00Z" },
      error: null,
    });
    release();
    cache.ask("/api/voting");
    await settled();
    expect(cache.get("/api/voting")).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/voting");
  });

  it("never retries: a failure stays, kept as the ApiError with spec §7's message", async () => {
    answer(500, '{"error":"Internal server error"}', "Internal Server Error");
    const cache = new ApiCache();
    cache.ask("/api/demos");
    await settled();
    cache.ask("/api/demos");
    await settled();
    const { status, data, error } = cache.get("/api/demos");
    expect(status).toBe("error");
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.message).toBe('500: {"error":"Internal server error"}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("refetches nothing on its own: not with time, not when the window regains focus or the page is shown", async () => {
    vi.useFakeTimers();
    const events = new EventTarget();
    vi.stubGlobal("window", events);
    vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
    const load = loaderAnswering(resolves([1]), resolves([2]));
    const cache = new ApiCache();
    cache.ask("/api/demos", load);
    await settled();
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    events.dispatchEvent(new Event("focus"));
    events.dispatchEvent(new Event("online"));
    (document as unknown as EventTarget).dispatchEvent(new Event("visibilitychange"));
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.get("/api/demos").data).toEqual([1]);
  });

  it("refetches when told, keeping the data shown meanwhile, and once while an answer is on its way", async () => {
    let arrive: (data: unknown) => void = () => undefined;
    const load = loaderAnswering(
      resolves([1]),
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    const cache = new ApiCache();
    cache.ask("/api/demos", load);
    await settled();
    cache.refetch("/api/demos");
    cache.refetch("/api/demos");
    expect(cache.get("/api/demos")).toMatchObject({ status: "success", data: [1] });
    arrive([2]);
    await settled();
    expect(cache.get("/api/demos")).toMatchObject({ status: "success", data: [2] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("refetches a failed URL as pending again, and a later failure keeps the data it had", async () => {
    const load = loaderAnswering(
      rejects(new TypeError("Failed to fetch")),
      resolves([1]),
      rejects(new ApiError(502, "", "Bad Gateway")),
    );
    const cache = new ApiCache();
    cache.ask("/api/demos", load);
    await settled();
    expect(cache.get("/api/demos")).toMatchObject({ status: "error", data: undefined });
    cache.refetch("/api/demos");
    expect(cache.get("/api/demos")).toEqual({ status: "pending", data: undefined, error: null });
    await settled();
    expect(cache.get("/api/demos")).toEqual({ status: "success", data: [1], error: null });
    cache.refetch("/api/demos");
    await settled();
    expect(cache.get("/api/demos")).toMatchObject({ status: "error", data: [1] });
    expect(cache.get("/api/demos").error?.message).toBe("502: Bad Gateway");
  });

  it("does not refetch what nobody asked for", async () => {
    const load = loaderAnswering(resolves([1]));
    const cache = new ApiCache();
    cache.refetch("/api/demos");
    await settled();
    expect(cache.get("/api/demos").status).toBe("pending");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it("tells its subscribers when data is set, and not when nothing changes", async () => {
    const cache = new ApiCache();
    const listener = vi.fn();
    const unsubscribe = cache.subscribe(listener);
    const before = cache.version();

    cache.setData<number[]>("/api/demos", (list) => list?.map((votes) => votes + 1));
    expect(listener).not.toHaveBeenCalled();

    cache.setData("/api/demos/demo-1/has-voted", () => ({ hasVoted: true }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cache.version()).not.toBe(before);
    expect(cache.get("/api/demos/demo-1/has-voted")).toEqual({
      status: "success",
      data: { hasVoted: true },
      error: null,
    });

    const set = cache.get("/api/demos/demo-1/has-voted");
    cache.setData("/api/demos/demo-1/has-voted", () => ({ hasVoted: true }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cache.get("/api/demos/demo-1/has-voted")).toBe(set);

    unsubscribe();
    cache.setData("/api/demos/demo-1/has-voted", () => ({ hasVoted: false }));
    expect(listener).toHaveBeenCalledTimes(1);
    // Set data counts as fetched: asking for it fetches nothing.
    cache.ask("/api/demos/demo-1/has-voted");
    await settled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells its subscribers of each answer and failure", async () => {
    const load = loaderAnswering(resolves([1]), rejects(new TypeError("Failed to fetch")));
    const cache = new ApiCache();
    const listener = vi.fn();
    cache.subscribe(listener);
    cache.ask("/api/demos", load);
    expect(listener).not.toHaveBeenCalled();
    await settled();
    expect(listener).toHaveBeenCalledTimes(1);
    cache.refetch("/api/demos");
    await settled();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("drops an answer that arrives after newer data was set", async () => {
    let arrive: (data: unknown) => void = () => undefined;
    const load = loaderAnswering(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    const cache = new ApiCache();
    cache.ask("/api/demos/demo-2/has-voted", load);
    cache.setData("/api/demos/demo-2/has-voted", () => ({ hasVoted: true }));
    arrive({ hasVoted: false });
    await settled();
    expect(cache.get("/api/demos/demo-2/has-voted").data).toEqual({ hasVoted: true });
  });

  it("cancels a first fetch when all who asked let go before it was sent, and fetches anew when asked again", async () => {
    answer(200, "[1]");
    const cache = new ApiCache();
    const listener = vi.fn();
    cache.subscribe(listener);
    const first = cache.ask("/api/demos");
    const second = cache.ask("/api/demos");
    first();
    second();
    await settled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
    expect(cache.get("/api/demos").status).toBe("pending");

    cache.ask("/api/demos");
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cache.get("/api/demos").data).toEqual([1]);
  });

  it("polls a URL while asked to, only while the page is visible, and stops", async () => {
    vi.useFakeTimers();
    const page = { visibilityState: "visible" };
    vi.stubGlobal("document", page);
    const load = loaderAnswering(resolves([1]), resolves([2]), resolves([3]), resolves([4]));
    const cache = new ApiCache();
    cache.ask("/api/demos", load);
    await settled();
    const stop = cache.poll("/api/demos", 5000);
    vi.advanceTimersByTime(4999);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await settled();
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.get("/api/demos").data).toEqual([2]);

    page.visibilityState = "hidden";
    vi.advanceTimersByTime(5000);
    expect(load).toHaveBeenCalledTimes(2);
    page.visibilityState = "visible";
    vi.advanceTimersByTime(5000);
    await settled();
    expect(load).toHaveBeenCalledTimes(3);

    stop();
    vi.advanceTimersByTime(60_000);
    await settled();
    expect(load).toHaveBeenCalledTimes(3);
    expect(cache.get("/api/demos").data).toEqual([3]);
  });
});
