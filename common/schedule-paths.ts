/**
 * The programme for schedule apps, in the formats pretalx and frab export: C3VOC's schedule.json and frab's
 * schedule.xml (written at build time by interop/schedule-export.ts, readable from any site). A module of its own,
 * apart from site-paths.ts, so that only the agenda page carries it: the speaker pages are at their script budget.
 */
export const schedulePaths = { json: "/schedule.json", xml: "/schedule.xml" } as const;
