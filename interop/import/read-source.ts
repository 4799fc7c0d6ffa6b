import { readFileSync } from "node:fs";
import path from "node:path";
import { ImportError } from "./import-error";

/** Reads the source: a file, or a URL fetched with Node's fetch. */
export async function readSource(source: string): Promise<{ text: string; name: string }> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new ImportError(`${source} could not be fetched: ${reason}`);
    }
    if (!response.ok)
      throw new ImportError(`${source} could not be fetched: the server answered ${String(response.status)}`);
    return { text: await response.text(), name: source };
  }
  try {
    return { text: readFileSync(source, "utf8"), name: path.basename(source) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(
      `${source} cannot be read${code === "ENOENT" ? ": there is no such file" : ` (${code ?? String(error)})`}`,
    );
  }
}
