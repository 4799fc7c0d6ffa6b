/** Where an avatar is fetched from may be slow or large: neither may hold the import up for long. */
const avatarTimeoutMs = 15_000;
const maxAvatarBytes = 5 * 1024 * 1024;

/**
 * The kind of a downloaded image by its first bytes, not by what the server claims: PNG, JPEG and WebP only. SVG
 * is refused on purpose: served from the site's own origin, a third party's SVG could carry script.
 */
function imageKind(bytes: Uint8Array): "png" | "jpg" | "webp" | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

/** Downloads an avatar: its bytes and kind, or why not. */
export async function downloadAvatar(url: string): Promise<{ bytes: Uint8Array; kind: string } | { problem: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(avatarTimeoutMs), redirect: "follow" });
    if (!response.ok) return { problem: `HTTP ${String(response.status)}` };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxAvatarBytes) return { problem: "larger than 5 MB" };
    const kind = imageKind(bytes);
    return kind ? { bytes, kind } : { problem: "not a PNG, JPEG or WebP image" };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
