import { useEffect, useState } from "react";

/** The instant named by `?now=` (an ISO 8601 instant with its offset), or null when there is none or it is invalid. */
export function previewInstant(search: string): Date | null {
  // A "+02:00" typed into the address bar arrives as " 02:00": query strings decode "+" as a space.
  const value = new URLSearchParams(search).get("now")?.replace(/ (\d{2}:\d{2})$/, "+$1");
  if (!value || !/T.*(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * The current time, every second; null until the page has hydrated, so prerendered HTML never depends on the
 * build's clock. `?now=<ISO instant>` on the page's URL starts the clock at that moment instead (organisers
 * preview the live day with it, and tests pin it), and it then ticks on from there.
 */
export function useClock(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const preview = previewInstant(window.location.search);
    const shift = preview ? preview.getTime() - Date.now() : 0;
    const tick = () => {
      setNow(new Date(Date.now() + shift));
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
}
