/** "Leilani Kealoha" -> "LK": what stands in for a portrait, on the page and on share cards. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}
