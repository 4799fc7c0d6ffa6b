/** The instant named by `?now=` (an ISO 8601 instant with its offset), or null when there is none or it is invalid. */
export function previewInstant(search: string): Date | null {
  // A "+02:00" typed into the address bar arrives as " 02:00": query strings decode "+" as a space.
  const value = new URLSearchParams(search).get("now")?.replace(/ (\d{2}:\d{2})$/, "+$1");
  if (!value || !/T.*(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
