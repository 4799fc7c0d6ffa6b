/**
 * Calls to the questions API, from the talk pages and /moderate. Its own few lines rather than the leaderboard's
 * cache (api-cache.ts): importing that from four pages would move it into the chunk every page loads.
 */
import * as m from "../i18n/messages";

/** A non-OK answer, with the API's own explanation (`{ "error": "..." }`) when it sent one. */
export class QuestionApiError extends Error {
  override name = "QuestionApiError";

  constructor(
    readonly status: number,
    readonly reason: string | null,
  ) {
    super(reason ?? m.questionApiServerAnswered({ status }));
  }
}

/** Throws a QuestionApiError for any non-OK response. */
export async function throwIfFailed(response: Response): Promise<void> {
  if (response.ok) return;
  let reason: string | null = null;
  try {
    const body = (await response.json()) as { error?: unknown } | null;
    if (typeof body?.error === "string" && body.error !== "") reason = body.error;
  } catch {
    // Not JSON (a proxy's page): the status says it.
  }
  throw new QuestionApiError(response.status, reason);
}

/** A JSON request to our API with the voter cookie (and any other headers); answers the JSON body. */
export async function sendJson<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await throwIfFailed(response);
  return (await response.json()) as T;
}

/** Why a request failed, in words for the page: the API's own message, or what went wrong on the way. */
export function failureOf(error: unknown): string {
  if (error instanceof QuestionApiError) return error.message;
  return m.connectionFailed;
}
