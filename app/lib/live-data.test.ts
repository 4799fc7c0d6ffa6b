import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  askLive,
  firstRetryMs,
  getJson,
  liveState,
  liveStream,
  longestRetryMs,
  refreshLive,
  retryDelay,
  setLive,
  sseReader,
  type LiveResource,
  type Loader,
} from "./live-data";
import { nextTask } from "./next-task";

const fetchMock = vi.fn<typeof fetch>();
const page = { visibilityState: "visible" };
const stubGlobals = () => {
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("document", page);
};
stubGlobals();
const releases: (() => void)[] = [];
afterEach(() => {
  // Every resource a test asked for is let go, so the next test starts with none.
  for (const release of releases.splice(0)) release();
  fetchMock.mockReset();
  page.visibilityState = "visible";
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stubGlobals();
});

const answer = (status: number, body: string, statusText = "") => {
  fetchMock.mockResolvedValueOnce(new Response(body === "" ? null : body, { status, statusText }));
};
const get = (url: string) => getJson(url, new AbortController().signal);
/** Lets every request and answer on its way arrive (each request waits for a task of its own). */
const settled = async () => {
  for (let turn = 0; turn < 10; turn += 1) await nextTask();
};
/** Asks for a resource, and lets it go after the test. */
const ask = <T>(resource: LiveResource<T>, following = false) => {
  const release = askLive(resource, following);
  releases.push(release);
  return release;
};

describe("The default read", () => {
  it("GETs the URL with credentials, and reads JSON", async () => {
    answer(200, '[{"id":"demo-1","votes":93}]');
    await expect(get("/api/demos")).resolves.toEqual([{ id: "demo-1", votes: 93 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/demos");
    expect(init?.credentials).toBe("include");
    expect(init?.method ?? "GET").toBe("GET");
  });

  it("fails with the status code, a colon and the body text, or the status text when the body is empty", async () => {
    answer(500, '{"error":"Internal server error"}', "Internal Server Error");
    await expect(get("/api/demos")).rejects.toHaveProperty("message", '500: {"error":"Internal server error"}');
    answer(503, "", "Service Unavailable");
    await expect(get("/api/demos")).rejects.toHaveProperty("message", "503: Service Unavailable");
    answer(401, "Unauthorized", "Unauthorized");
    await expect(get("/api/demos")).rejects.toBeInstanceOf(ApiError);
  });

  it("starts each request in a task of its own, and sends none cancelled before its turn", async () => {
    answer(200, "[]");
    const pending = get("/api/demos");
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const controller = new AbortController();
    const cancelled = getJson("/api/demos", controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toHaveProperty("name", "AbortError");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("A write", () => {
  it("sends the method, credentials, a JSON body and its headers, and answers the JSON", async () => {
    answer(201, '{"id":"q-1","status":"pending"}');
    await expect(
      apiRequest("POST", "/api/sessions/s-1/questions", {
        body: { text: "Why?" },
        headers: { "idempotency-key": "k" },
      }),
    ).resolves.toEqual({ id: "q-1", status: "pending" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/sessions/s-1/questions");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"text":"Why?"}' });
    expect(init?.headers).toEqual({
      accept: "application/json",
      "content-type": "application/json",
      "idempotency-key": "k",
    });
  });

  it("fails with an ApiError that carries the server's reason when it gave one", async () => {
    answer(409, '{"error":"You have already voted for Notewell."}', "Conflict");
    const failure = apiRequest("POST", "/api/demos/demo-3/vote");
    await expect(failure).rejects.toThrow('409: {"error":"You have already voted for Notewell."}');
    await expect(failure).rejects.toHaveProperty("reason", "You have already voted for Notewell.");
    expect(new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway").reason).toBeNull();
    expect(new ApiError(500, '{"error":""}', "").reason).toBeNull();
  });
});

describe("Reading a stream", () => {
  it("reads whole events as they arrive in pieces, skipping comments and fields it does not use", () => {
    const read = sseReader();
    expect(read("retry: 3000\n\nevent: snap")).toEqual([]);
    expect(read('shot\ndata: {"questions":[]}\n')).toEqual([]);
    expect(read("\n: heartbeat\n\n")).toEqual([{ event: "snapshot", data: '{"questions":[]}' }]);
    expect(read('id: 7\nevent: question\ndata: {"id":"a"}\n\nevent: question\ndata:{"id":"b"}\n\n')).toEqual([
      { event: "question", data: '{"id":"a"}' },
      { event: "question", data: '{"id":"b"}' },
    ]);
  });

  it('joins data lines, takes CRLF line ends, and names an unnamed event "message"', () => {
    const read = sseReader();
    expect(read("data: one\r\ndata: two\r\n\r")).toEqual([]);
    expect(read("\n")).toEqual([{ event: "message", data: "one\ntwo" }]);
  });

  it("waits a second before trying again, then twice as long after each failure in a row, up to 30 s", () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1, 2, 4, 8].map((n) => n * firstRetryMs));
    expect(retryDelay(50)).toBe(longestRetryMs);
  });
});

/** A loader whose answers the test gives, one per call, in order (whatever type the resource's data is). */
function loaderAnswering(...answers: (() => Promise<unknown>)[]) {
  return vi.fn<Loader<never>>(
    () => (answers.shift() ?? (() => Promise.reject(new Error("no answer left"))))() as Promise<never>,
  );
}
const resolves = (data: unknown) => () => Promise.resolve(data);
const rejects = (error: Error) => () => Promise.reject(error);

describe("A resource", () => {
  it("is read once however many ask for it, and afresh once all have let go", async () => {
    answer(200, '{"opens":"2025-04-16T14:00:00Z"}');
    answer(200, '{"opens":"2025-04-16T15:00:00Z"}');
    const voting: LiveResource<unknown> = { url: "/api/voting" };
    expect(liveState(voting).status).toBe("pending");
    const first = ask(voting);
    const second = ask(voting);
    await settled();
    expect(liveState(voting)).toEqual({
      status: "success",
      data: { opens: "2025-04-16T14:00:00Z" },
      error: null,
      stale: false,
      ended: false,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    first();
    second();
    expect(liveState(voting).status).toBe("pending");
    ask(voting);
    await settled();
    expect(liveState(voting).data).toEqual({ opens: "2025-04-16T15:00:00Z" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("is not read again on its own, by spec §9's rules: a failure stays, the ApiError with spec §7's message", async () => {
    vi.useFakeTimers();
    answer(500, '{"error":"Internal server error"}', "Internal Server Error");
    const demos: LiveResource<unknown> = { url: "/api/demos" };
    ask(demos);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    const { status, data, error } = liveState(demos);
    expect(status).toBe("error");
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.message).toBe('500: {"error":"Internal server error"}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("with `retry`, is read again after each failure, waiting longer each time in a row", async () => {
    vi.useFakeTimers();
    const load = loaderAnswering(rejects(new TypeError("Failed to fetch")), rejects(new Error("502")), resolves([1]));
    const demos: LiveResource<unknown> = { url: "/api/demos", load, retry: true };
    ask(demos);
    await vi.advanceTimersByTimeAsync(0);
    expect(liveState(demos).status).toBe("error");
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelay(2) - 1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(liveState(demos)).toMatchObject({ status: "success", data: [1], error: null });
  });

  it("is read again when told, keeping its data meanwhile, once while a read is on its way", async () => {
    let arrive: (data: unknown) => void = () => undefined;
    const load = loaderAnswering(
      resolves([1]),
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
      rejects(new ApiError(502, "", "Bad Gateway")),
    );
    const demos: LiveResource<unknown> = { url: "/api/demos", load };
    ask(demos);
    await settled();
    refreshLive(demos);
    refreshLive(demos);
    expect(liveState(demos)).toMatchObject({ status: "success", data: [1] });
    arrive([2]);
    await settled();
    expect(liveState(demos)).toMatchObject({ status: "success", data: [2] });
    refreshLive(demos);
    await settled();
    expect(liveState(demos)).toMatchObject({ status: "error", data: [2] });
    expect(liveState(demos).error?.message).toBe("502: Bad Gateway");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("takes data set by a write, drops the older read on its way, and stays the same object for the same data", async () => {
    let arrive: (data: unknown) => void = () => undefined;
    const load = loaderAnswering(
      () =>
        new Promise((resolve) => {
          arrive = resolve;
        }),
    );
    const status: LiveResource<{ hasVoted: boolean }> = { url: "/api/demos/demo-2/has-voted", load };
    ask(status);
    setLive(status, () => ({ hasVoted: true }));
    const set = liveState(status);
    arrive({ hasVoted: false });
    await settled();
    expect(liveState(status).data).toEqual({ hasVoted: true });
    setLive(status, () => ({ hasVoted: true }));
    expect(liveState(status)).toBe(set);
    setLive(status, () => undefined);
    expect(liveState(status)).toBe(set);
  });

  it("cancels its first read when all who asked let go before it was sent", async () => {
    answer(200, "[1]");
    const demos: LiveResource<unknown> = { url: "/api/demos" };
    ask(demos)();
    await settled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(liveState(demos).status).toBe("pending");
  });
});

/** A stream answer whose events the test sends, and ends. */
function streamAnswer() {
  let control: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      control = controller;
    },
  });
  fetchMock.mockResolvedValueOnce(new Response(body, { headers: { "content-type": "text/event-stream" } }));
  return {
    send(event: string, data: unknown) {
      control?.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      control?.close();
    },
  };
}

type Counts = Record<string, number>;
const counted = (list: Counts | undefined, counts: Counts) => (list ? { ...list, ...counts } : undefined);
const countsStream = (extra: { stopOn?: number[] } = {}) =>
  liveStream<Counts, { snapshot: Counts; counts: Counts; closed: unknown }>({
    url: "/api/demos/events",
    on: { snapshot: counted, counts: counted },
    final: "closed",
    ...extra,
  });

describe("A resource with a stream", () => {
  it("opens it once its data has arrived and while someone follows it, and takes each event into the data", async () => {
    const load = loaderAnswering(resolves({ a: 1, b: 1 }));
    const demos: LiveResource<Counts> = { url: "/api/demos", load, stream: countsStream() };
    ask(demos);
    await settled();
    expect(fetchMock).not.toHaveBeenCalled();
    const stream = streamAnswer();
    ask(demos, true);
    await settled();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/demos/events");
    stream.send("snapshot", { a: 4, b: 1 });
    stream.send("counts", { b: 2 });
    await settled();
    expect(liveState(demos)).toMatchObject({ data: { a: 4, b: 2 }, stale: false, ended: false });
    stream.send("closed", {});
    await settled();
    expect(liveState(demos)).toMatchObject({ data: { a: 4, b: 2 }, ended: true });
  });

  it("polls the read while the stream is away, only while the page shows, and opens the stream again after a wait", async () => {
    vi.useFakeTimers();
    const load = loaderAnswering(resolves({ a: 1 }), resolves({ a: 2 }), resolves({ a: 3 }));
    const demos: LiveResource<Counts> = { url: "/api/demos", load, stream: countsStream(), pollMs: 5000 };
    fetchMock.mockImplementation(() => Promise.resolve(new Response(null, { status: 503 })));
    ask(demos, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(liveState(demos)).toMatchObject({ data: { a: 1 }, stale: true });
    // Refused each time: opened again after 1 s, then 2 s and 4 s more.
    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000 - retryDelay(1));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenCalledTimes(2);
    expect(liveState(demos)).toMatchObject({ data: { a: 2 }, stale: true });
    page.visibilityState = "hidden";
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    page.visibilityState = "visible";

    // The next attempt, at 15 s, is answered.
    const stream = streamAnswer();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    stream.send("snapshot", { a: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(liveState(demos)).toMatchObject({ data: { a: 7 }, stale: false });
    // Live again: no more polling.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(liveState(demos).data).toEqual({ a: 7 });
  });

  it("stops for good on a refusal it is told to stop on, and stops when nobody follows it", async () => {
    vi.useFakeTimers();
    const queue: LiveResource<Counts> = { stream: countsStream({ stopOn: [401] }) };
    answer(401, '{"error":"Wrong token."}', "Unauthorized");
    ask(queue, true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(liveState(queue)).toMatchObject({ status: "error", stale: false });
    expect((liveState(queue).error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Refused after it had data (a token revoked while the moderator worked): stopped all the same.
    const revoked: LiveResource<Counts> = {
      stream: liveStream<Counts, { snapshot: Counts }>({
        url: "/api/admin/questions/events",
        on: { snapshot: (_, data) => data },
        stopOn: [401],
      }),
    };
    const working = streamAnswer();
    const stopped = ask(revoked, true);
    await vi.advanceTimersByTimeAsync(0);
    working.send("snapshot", { a: 1 });
    answer(401, "", "Unauthorized");
    working.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(liveState(revoked)).toMatchObject({ status: "error", data: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stopped();
    fetchMock.mockClear();

    const other: LiveResource<Counts> = {
      stream: liveStream<Counts, { snapshot: Counts }>({
        url: "/api/demos/events",
        on: { snapshot: (_, data) => data },
      }),
    };
    const stream = streamAnswer();
    const release = ask(other, true);
    await vi.advanceTimersByTimeAsync(0);
    stream.send("snapshot", { a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(liveState(other).data).toEqual({ a: 1 });
    release();
    stream.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(liveState(other).status).toBe("pending");
  });
});
