/** "Leilani Kealoha" -> "Leilani": how a briefing greets its speaker and a speaker's page heads their bio. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/, 1)[0] ?? "";
}
