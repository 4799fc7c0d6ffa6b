import type { EditionInput } from "./schema";

/** Community-submitted demos. `votes` seeds the vote store; the four with the most votes play in the showcase. */
export const demos = [
  {
    id: "demo-1",
    title: "Loomtrace",
    presenterId: "zeynep-arslan",
    description:
      "Loomtrace records every step of a multi-step agent run, including prompts, tool calls and intermediate results, and replays it as an interactive timeline. It makes it easy to see where an agent went in circles and to rerun a single step with a different model.",
    votes: 93,
    tags: ["agents", "observability", "debugging"],
    projectUrl: "https://code.example.com/zeyneparslan/loomtrace",
  },
  {
    id: "demo-2",
    title: "Feedback Forensics",
    presenterId: "linnea-barros",
    description:
      "Feedback Forensics analyses pairwise human and AI feedback datasets to reveal what the preferred responses really have in common, such as length, confidence or formatting. It helps anyone training or evaluating with preference data see which behaviours the annotations actually reward.",
    votes: 45,
    tags: ["evaluation", "preference data", "alignment"],
    projectUrl: "https://code.example.com/linnea-b/feedback-forensics",
  },
  {
    id: "demo-3",
    title: "Notewell",
    presenterId: "santiago-villalba",
    description:
      "Notewell indexes a folder of Markdown notes and answers questions about them with a local model, citing the notes it used. Nothing leaves the laptop, and the index updates as you write.",
    votes: 46,
    tags: ["rag", "local-first", "privacy"],
    projectUrl: "https://code.example.com/svillalba/notewell",
  },
  {
    id: "demo-4",
    title: "Pebblenet",
    presenterId: "mei-lin-chao",
    description:
      "Pebblenet brings offline speech transcription to single-board computers by pairing a compact open speech model with a streaming audio pipeline. The demo transcribes a live conversation on a device smaller than a deck of cards.",
    votes: 57,
    tags: ["speech", "edge", "on-device"],
    projectUrl: "https://code.example.com/meilin/pebblenet",
  },
  {
    id: "demo-5",
    title: "Sift Shell",
    presenterId: "obinna-eze",
    description:
      "Sift Shell is a command-line companion that reads the output of a failed command and explains what went wrong using a local model. It suggests a fix you can review before running, and never sends your logs anywhere.",
    votes: 27,
    tags: ["terminal", "developer tools", "local models"],
    projectUrl: "https://code.example.com/obinnaeze/sift-shell",
  },
  {
    id: "demo-6",
    title: "Weftwork",
    presenterId: "ananya-iyer",
    description:
      "Weftwork gets structured output from open models by constraining generation to a JSON schema and validating every result. The demo extracts clean records from messy invoices and shows how it recovers when a model drifts off the schema.",
    votes: 48,
    tags: ["structured output", "extraction", "open models"],
    projectUrl: "https://code.example.com/ananya-i/weftwork",
  },
  {
    id: "demo-7",
    title: "Quayside",
    presenterId: "ronan-gallagher",
    description:
      "Quayside is a self-hosted gateway that puts one API in front of local and hosted open models and routes each request by cost, latency or capability. The demo switches a running app between models without changing a line of its code.",
    votes: 62,
    tags: ["inference", "self-hosting", "routing"],
    projectUrl: "https://code.example.com/ronangallagher/quayside",
  },
] satisfies EditionInput["demos"];
