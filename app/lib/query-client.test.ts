import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, createQueryClient, getQueryFn } from "./query-client";

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal("fetch", fetchMock);
afterEach(() => {
  fetchMock.mockReset();
});

const answer = (status: number, body: string, statusText = "") => {
  fetchMock.mockResolvedValueOnce(new Response(body === "" ? null : body, { status, statusText }));
};
/** Runs a query function the way TanStack Query calls it. */
const run = <T>(queryFn: ReturnType<typeof getQueryFn<T>>, url: string) =>
  (queryFn as (context: { queryKey: readonly unknown[]; signal: AbortSignal }) => Promise<T>)({
    queryKey: [url],
    signal: new AbortController().signal,
  });

describe("The default query function", () => {
  it("GETs the first element of the query key with credentials, and reads JSON", async () => {
    answer(200, '[{"id":"demo-1","votes":93}]');
    await expect(run(getQueryFn({ on401: "throw" }), "/api/demos")).resolves.toEqual([{ id: "demo-1", votes: 93 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/demos");
    expect(init?.credentials).toBe("include");
    expect(init?.method ?? "GET").toBe("GET");
  });

  it("fails with the status code, a colon and the body text", async () => {
    answer(500, '{"error":"Internal server error"}', "Internal Server Error");
    await expect(run(getQueryFn({ on401: "throw" }), "/api/demos")).rejects.toHaveProperty(
      "message",
      '500: {"error":"Internal server error"}',
    );
  });

  it("falls back to the status text when the body is empty", async () => {
    answer(503, "", "Service Unavailable");
    await expect(run(getQueryFn({ on401: "throw" }), "/api/demos")).rejects.toHaveProperty(
      "message",
      "503: Service Unavailable",
    );
  });

  it("throws on 401 by default", async () => {
    answer(401, "Unauthorized", "Unauthorized");
    const failure = run(getQueryFn({ on401: "throw" }), "/api/demos");
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow("401: Unauthorized");
  });

  it("has a variant that answers null on 401, and still throws on other failures", async () => {
    answer(401, "Unauthorized", "Unauthorized");
    await expect(run(getQueryFn({ on401: "returnNull" }), "/api/demos")).resolves.toBeNull();
    answer(404, '{"error":"No demo demo-9"}');
    await expect(run(getQueryFn({ on401: "returnNull" }), "/api/demos/demo-9/has-voted")).rejects.toThrow(
      '404: {"error":"No demo demo-9"}',
    );
  });

  it("starts each request in a task of its own, not inside the render that asked for it", async () => {
    answer(200, "[]");
    const pending = run(getQueryFn({ on401: "throw" }), "/api/demos");
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not send a request cancelled before its turn", async () => {
    const controller = new AbortController();
    const queryFn = getQueryFn({ on401: "throw" }) as (context: {
      queryKey: readonly unknown[];
      signal: AbortSignal;
    }) => Promise<unknown>;
    const pending = queryFn({ queryKey: ["/api/demos"], signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toHaveProperty("name", "AbortError");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lets a network failure through as it is", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(run(getQueryFn({ on401: "throw" }), "/api/demos")).rejects.toThrow(TypeError);
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

describe("The query client", () => {
  it("never goes stale, never retries, never refetches on its own, and keeps what it fetched", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("fetches a query by its key with the default query function, once", async () => {
    answer(200, '{"opens":"2025-04-16T14:00:00Z","closes":"2025-04-16T20:00:00Z"}');
    const client = createQueryClient();
    const first = await client.query({ queryKey: ["/api/voting"] });
    const again = await client.query({ queryKey: ["/api/voting"] });
    expect(again).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
