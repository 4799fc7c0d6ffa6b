import type { EditionInput } from "./schema";

/**
 * The catalogue: every talk, Q&A and featured demo with a page of its own. When each one happens is stated once,
 * in agenda.ts.
 */
export const talks = [
  {
    id: "nomic",
    path: "/nomic",
    title: "Seeing your data: embeddings and interactive maps for unstructured text",
    description:
      "Before you train, fine-tune or build retrieval on a dataset, it pays to look at it. This talk shows how open embedding models turn large collections of text into interactive maps where clusters, duplicates and outliers become visible. You will see how to go from raw documents to a map you can explore, and how to use what you find to clean data and choose better retrieval strategies.",
    eventType: "Talk",
    speakerId: "yuki-morimoto",
    tags: ["Embeddings", "Data exploration", "Open models"],
  },
  {
    id: "lightpanda",
    path: "/lightpanda",
    title: "A headless browser built for agents, not for people",
    description:
      "AI agents and scrapers spend much of their time driving a browser, yet most headless browsers are full desktop browsers with the window taken away. This talk explains what changes when you design a headless browser for machines from the start. You will learn which parts of a browser an agent actually needs, how to connect one to existing automation tools, and what to measure when your agents browse at scale.",
    eventType: "Talk",
    speakerId: "mathis-delacroix",
    tags: ["Agents", "Web automation", "Browsers"],
  },
  {
    id: "blackforest",
    path: "/blackforest",
    title: "Open image models, from prompt to pixels",
    description:
      "A live walk through generating and editing images with open image models from Black Forest Labs. The demo starts with a plain text prompt and builds up to controlled edits and consistent results across a series of images. Along the way you will see how to run the models yourself, which settings matter most, and where prompting stops and tooling takes over.",
    eventType: "Featured Demo",
    speakerId: "lena-hartwig",
    tags: ["Image generation", "Open models", "Live demo"],
    highlights: [
      "Text-to-image generation, live",
      "Editing an existing image with a prompt",
      "Keeping style consistent across a series",
      "Running the open weights yourself",
    ],
  },
  {
    id: "flower",
    path: "/flower",
    title: "Federated learning without the ceremony: training where the data lives",
    description:
      "Much of the most valuable data can never be copied into one place, whether it sits on phones, in hospitals or inside separate companies. This talk introduces federated learning with the open-source Flower framework and shows how a model can be trained across many clients while the data stays where it is. You will learn how a federated project is structured, how to simulate one on your laptop, and what to consider before moving it onto real devices.",
    eventType: "Talk",
    speakerId: "oluwaseun-adeyemi",
    tags: ["Federated learning", "Privacy", "Training"],
  },
  {
    id: "huggingface-demo",
    path: "/huggingface-demo",
    title: "From the Hub to a working app in fifteen minutes",
    description:
      "This demo takes an open model from the Hugging Face Hub and turns it into something people can use, live and without skipping steps. It covers finding the right model and reading its model card, trying it in the browser, and calling it from your own code. You will leave knowing the shortest path from a model you have heard about to a prototype you can share.",
    eventType: "Featured Demo",
    speakerId: "camila-restrepo",
    tags: ["Open models", "Hugging Face Hub", "Live demo"],
    highlights: [
      "Choosing a model and reading its model card",
      "Trying the model in the browser",
      "Calling it from a few lines of Python",
      "Sharing a working prototype",
    ],
  },
  {
    id: "jazz",
    path: "/jazz",
    title: "Local-first apps for AI: syncing state between people, devices and agents",
    description:
      "AI features make apps more collaborative: a document is now edited by several people and an agent at once. This talk shows how a local-first framework such as Jazz keeps that shared state in sync, works offline and resolves conflicts without a custom backend. You will see how to treat an agent as just another collaborator, with its own permissions and history.",
    eventType: "Talk",
    speakerId: "finn-aldridge",
    tags: ["Local-first", "Sync", "Agents"],
  },
  {
    id: "soraya",
    path: "/soraya",
    title: "Small models, sharp tools: distilling open models for everyday hardware",
    description:
      "Not every task needs the largest model available, and many run better on a smaller one that you control. This talk walks through distilling an open model into a compact assistant for a narrow job, from choosing the teacher and building the training set to checking that the student still does the work. You will learn practical ways to trade size for speed without losing the behaviour your users depend on.",
    eventType: "Talk",
    speakerId: "soraya-lindqvist",
    tags: ["Distillation", "Small models", "Inference"],
  },
  {
    id: "ollama",
    path: "/ollama",
    title: "Running open models locally",
    description:
      "A conversation about what it takes to run open models on your own machine, and why so many developers now start there. We discuss how local model runners package and serve models, how to pick a model that fits your hardware, and how local inference fits into real applications. Bring your questions about privacy, performance and moving from a laptop to a server.",
    eventType: "Q&A",
    speakerId: "matteo-bellandi",
    tags: ["Local inference", "Open models", "Developer tools"],
    topics: [
      "Choosing a model that fits your hardware",
      "Quantisation and what it costs you",
      "Using local models from your own apps",
      "Going from a laptop to a shared server",
    ],
  },
  {
    id: "arthur",
    path: "/arthur",
    title: "Guardrails and evaluation for LLM applications in production",
    description:
      "Shipping an LLM feature is the easy part; knowing it keeps behaving is harder. This Q&A covers how teams evaluate LLM applications before release and guard them once they are live, from catching unsafe or off-topic outputs to spotting quality drifting over time. Expect practical answers on what to measure, where to put guardrails and how to keep humans in the loop.",
    eventType: "Q&A",
    speakerId: "nadia-kovalenko",
    tags: ["Evaluation", "Guardrails", "Production AI"],
    topics: [
      "Evaluating an LLM feature before it ships",
      "Where guardrails belong in the request path",
      "Monitoring quality after release",
      "Keeping people in the review loop",
    ],
  },
  {
    id: "boltz",
    path: "/boltz",
    title: "Open models for biomolecular structure",
    description:
      "Predicting the structure of proteins and how they bind to other molecules has become one of the most active areas of AI for science. This Q&A looks at open biomolecular structure models such as those from Boltz, what it means for researchers to be able to inspect and run them, and how developers without a biology background can contribute. We also discuss the limits of these predictions and how scientists check them.",
    eventType: "Q&A",
    speakerId: "samir-haddad",
    tags: ["Biology", "Structure prediction", "Open science"],
    topics: [
      "What structure models predict, and what they do not",
      "Running an open model on your own targets",
      "How researchers validate predictions",
      "Ways for software developers to contribute",
    ],
  },
  {
    id: "charm",
    path: "/charm",
    title: "Terminal-first AI: building TUIs and command-line tools for LLMs",
    description:
      "Developers live in the terminal, and so do a growing number of AI tools. This Q&A explores how to design command-line and terminal user interfaces around language models: streaming output, composing with pipes and scripts, and keeping an interactive tool fast and readable. We talk about the open-source libraries from Charm that make good-looking terminal apps easier to build.",
    eventType: "Q&A",
    speakerId: "kai-nakamura",
    tags: ["Terminal", "Developer tools", "TUI"],
    topics: [
      "Designing AI tools for the command line",
      "Streaming model output in a terminal UI",
      "Composing LLM tools with pipes and scripts",
      "Open-source libraries for terminal apps",
    ],
  },
  {
    id: "modal",
    path: "/modal",
    title: "Serverless GPUs for open models: from a Python function to an endpoint",
    description:
      "This demo deploys an open model to cloud GPUs live, starting from an ordinary Python function. You will see how to describe the container and hardware in code, serve the model as a web endpoint, and scale it up and back down to zero. It is a practical look at running inference and batch jobs without managing servers yourself.",
    eventType: "Featured Demo",
    speakerId: "tariq-alamin",
    tags: ["Serverless", "GPU compute", "Deployment"],
    highlights: [
      "Defining the environment and GPU in Python",
      "Serving an open model as a web endpoint",
      "Scaling up for a burst and back to zero",
      "Running a batch job over a dataset",
    ],
  },
  {
    id: "huggingface-research",
    path: "/huggingface-research",
    title: "Open science on the Hub: sharing datasets, evaluations and training recipes",
    description:
      "Open weights are only one part of open AI: the datasets, evaluation results and training code behind a model matter just as much. This talk looks at how researchers use the Hugging Face Hub to publish all of these together so others can reproduce and build on their work. You will learn what makes a release genuinely reusable and how to document yours so it is.",
    eventType: "Talk",
    speakerId: "anjali-deshpande",
    tags: ["Open science", "Datasets", "Reproducibility"],
  },
  {
    id: "bytez",
    path: "/bytez",
    title: "Try a research model in one API call",
    description:
      "New models appear in research papers every week, but trying one usually means an afternoon of setup. This short demo shows how the Bytez inference API lets you run models from recent research with a single request. You will see how to find a model, call it from your code and compare it with alternatives in minutes.",
    eventType: "Featured Demo",
    speakerId: "marisol-ortega",
    tags: ["Inference API", "Research models", "Live demo"],
    highlights: [
      "Finding a model from a recent paper",
      "Running it with a single request",
      "Comparing results across models",
    ],
  },
  {
    id: "patronus",
    path: "/patronus",
    title: "Evaluating LLMs you can't fully predict",
    description:
      "Language models produce open-ended output, which makes traditional testing a poor fit. This Q&A digs into how to evaluate them anyway: using models as judges, writing evaluation criteria people agree on, and finding failures such as hallucinations before your users do. We cover what automated evaluation does well and where you still need a person to look.",
    eventType: "Q&A",
    speakerId: "aditi-venkataraman",
    tags: ["Evaluation", "LLM as a judge", "Reliability"],
    topics: [
      "Using models to judge other models",
      "Writing evaluation criteria people agree on",
      "Catching hallucinations before release",
      "When to bring in human review",
    ],
  },
  {
    id: "cube",
    path: "/cube",
    title: "A semantic layer your AI agents can trust",
    description:
      "When an AI agent answers a business question straight from raw tables, it has to guess what every column means. This demo shows how a semantic layer such as Cube gives agents and BI tools one shared definition of metrics and dimensions to query. You will see an agent answer data questions live, with consistent numbers and access rules applied.",
    eventType: "Featured Demo",
    speakerId: "emeka-nwosu",
    tags: ["Semantic layer", "Analytics", "Agents"],
    highlights: [
      "Defining metrics once in a semantic layer",
      "An agent answering data questions live",
      "The same numbers in the dashboard and the chat",
      "Access rules applied to every query",
    ],
  },
  {
    id: "kwabena",
    path: "/kwabena",
    title: "Maintaining open-source AI infrastructure as a community",
    description:
      "Much of the tooling people use to run open models locally is maintained by volunteers. This Q&A looks at how a community keeps that infrastructure healthy: triaging issues, reviewing contributions, making releases and supporting users across very different hardware. It is an honest conversation about sustainability, governance and how to become a contributor yourself.",
    eventType: "Q&A",
    speakerId: "kwabena-osei",
    tags: ["Open source", "Community", "Maintenance"],
    topics: [
      "Triaging issues across very different hardware",
      "Reviewing and releasing as a volunteer team",
      "Keeping maintainers from burning out",
      "Making a first contribution",
    ],
  },
] satisfies EditionInput["talks"];

/**
 * The panel's own page at /panel. Its times are the ones the page states (11:00 AM to 1:00 PM ET), which differ
 * from the agenda's opening panel; see docs/decisions/002-sample-edition-content.md.
 */
export const panelPage = {
  id: "building-open-source-ai-tools",
  path: "/panel",
  title: "Building Open-Source AI Tools",
  description:
    "Founders from an open-model company, a model lab and a GPU cloud discuss what it takes to build AI tools in the open. The conversation covers releasing weights and training recipes, paying for compute, and building a business around software anyone can use. Bring your questions for the live Q&A at the end.",
  start: "2025-04-16T11:00:00-04:00",
  end: "2025-04-16T13:00:00-04:00",
  location: "Live on YouTube",
  speakerIds: ["leilani-kealoha", "rustam-nazarov", "ingrid-solberg"],
  topics: [
    "Releasing open weights with their recipes",
    "The real cost of compute for open models",
    "Business models for open-source AI",
    "Growing a community around an open project",
  ],
} satisfies EditionInput["panelPage"];
