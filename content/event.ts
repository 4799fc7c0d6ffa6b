import type { EditionInput } from "./schema";

/** The edition's facts and every external link, in one place. A new edition starts by editing this file. */
export const event = {
  name: "GLOSAIC 2025",
  shortName: "GLOSAIC",
  headline: "The first Global Open Source AI Conference for developers.",
  description:
    "GLOSAIC 2025 was the first Global Open Source AI Conference for developers: one day of talks, panels and live demos from the people building open AI, streamed live on April 16, 2025.",
  date: "2025-04-16",
  timeZone: "America/New_York",
  timeZoneLabel: "ET",
  location: "Live on YouTube",
  siteUrl: "https://glosaic.example",
  sponsorsIntro: "GLOSAIC was free for every developer thanks to the organisations that build and back open source AI.",
  conclusion: {
    heading: "That's a wrap!",
    message:
      "GLOSAIC 2025 has ended. Thank you to every speaker, sponsor and viewer who joined us live. Recordings of every session will follow soon.",
  },
  links: {
    watch: "https://stream.example.com/glosaic-2025/recordings",
    register: "https://forms.example.com/glosaic-2025/register",
    broadcast: "https://stream.example.com/glosaic-2025/live",
    streamJoin: "https://studio.example.com/green-room/glosaic-2025",
    groupChat: "https://chat.example.com/glosaic-2025-speakers",
    walkthrough: "https://video.example.com/streaming-tool-walkthrough",
  },
  voting: {
    opens: "2023-12-01T00:00:00Z",
    closes: "2023-12-31T00:00:00Z",
  },
} satisfies EditionInput["event"];
