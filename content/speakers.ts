import type { EditionInput } from "./schema";

/**
 * Everyone who appears on the stream or backstage. Every person here is fictional; the real companies keep their
 * names. Portraits are drawn initials under public/portraits/, links point at example domains.
 */
export const speakers = [
  // Moderators
  {
    id: "adaeze-fontaine",
    name: "Adaeze Fontaine",
    title: "Community lead, Open Weights Collective",
    bio: "Adaeze runs the Open Weights Collective, a community of developers who publish and maintain openly licensed models. She has hosted developer meetups in Lagos, Lyon and online for years and likes nothing better than a sharp follow-up question.",
    portrait: "/portraits/adaeze-fontaine.svg",
    links: [
      { label: "Social", url: "https://social.example.com/adaezefontaine" },
      { label: "Code", url: "https://code.example.com/adaeze" },
    ],
  },
  {
    id: "tomasz-wierzbicki",
    name: "Tomasz Wierzbicki",
    title: "Organiser, Builders' Commons",
    bio: "Tomasz organises Builders' Commons, a monthly demo night for people shipping open-source AI side projects. Before that he spent a decade as a backend engineer, and he still reviews more pull requests than he writes.",
    portrait: "/portraits/tomasz-wierzbicki.svg",
    links: [{ label: "Social", url: "https://social.example.com/tomaszw" }],
  },

  // Opening panel
  {
    id: "leilani-kealoha",
    name: "Leilani Kealoha",
    title: "Co-founder, Tessellate Models",
    bio: "Leilani co-founded Tessellate Models to release compact, openly licensed language models with their training recipes attached. She previously worked on data pipelines for speech recognition and cares about documentation as much as benchmarks.",
    portrait: "/portraits/leilani-kealoha.svg",
    links: [
      { label: "Social", url: "https://social.example.com/leilanik" },
      { label: "Code", url: "https://code.example.com/leilani-k" },
    ],
  },
  {
    id: "rustam-nazarov",
    name: "Rustam Nazarov",
    title: "Founder, Quillwork Labs",
    bio: "Rustam founded Quillwork Labs, a small research lab that trains and openly publishes models for document understanding. He writes regularly about reproducible training runs and the practical costs of keeping weights open.",
    portrait: "/portraits/rustam-nazarov.svg",
    links: [{ label: "Social", url: "https://social.example.com/rustamnazarov" }],
  },
  {
    id: "ingrid-solberg",
    name: "Ingrid Solberg",
    title: "Founder and CEO, Stratacore Cloud",
    bio: "Ingrid founded Stratacore Cloud to give research teams and startups straightforward access to GPU clusters. She started her career in high-performance computing and still enjoys a good conversation about schedulers.",
    portrait: "/portraits/ingrid-solberg.svg",
    links: [{ label: "Social", url: "https://social.example.com/ingridsolberg" }],
  },

  // Catalogue talks, Q&As and featured demos
  {
    id: "yuki-morimoto",
    name: "Yuki Morimoto",
    title: "Machine learning engineer, Nomic",
    bio: "Yuki works on embedding models and the tools that turn them into explorable maps of large datasets. She is interested in how people actually read a dataset before they train on it.",
    portrait: "/portraits/yuki-morimoto.svg",
    links: [{ label: "Code", url: "https://code.example.com/ymorimoto" }],
  },
  {
    id: "mathis-delacroix",
    name: "Mathis Delacroix",
    title: "Systems engineer, Lightpanda",
    bio: "Mathis builds browser internals at Lightpanda, with a focus on making headless browsing fast and lightweight for automation. He enjoys low-level profiling and explaining why a page load takes as long as it does.",
    portrait: "/portraits/mathis-delacroix.svg",
    links: [
      { label: "Social", url: "https://social.example.com/mathisdx" },
      { label: "Code", url: "https://code.example.com/mdelacroix" },
    ],
  },
  {
    id: "lena-hartwig",
    name: "Lena Hartwig",
    title: "Research engineer, Black Forest Labs",
    bio: "Lena is a research engineer at Black Forest Labs working on image generation models and the tooling around them. She likes building demos that show both what a model does well and where it still struggles.",
    portrait: "/portraits/lena-hartwig.svg",
    links: [{ label: "Social", url: "https://social.example.com/lenahartwig" }],
  },
  {
    id: "oluwaseun-adeyemi",
    name: "Oluwaseun Adeyemi",
    title: "Research engineer, Flower",
    bio: "Oluwaseun works on the Flower framework, helping teams train models across devices and organisations without moving their data. He previously built machine learning systems for healthcare research.",
    portrait: "/portraits/oluwaseun-adeyemi.svg",
    links: [
      { label: "Social", url: "https://social.example.com/seun-adeyemi" },
      { label: "Code", url: "https://code.example.com/oadeyemi" },
    ],
  },
  {
    id: "camila-restrepo",
    name: "Camila Restrepo",
    title: "Machine learning engineer, Hugging Face",
    bio: "Camila helps developers take open models from the Hugging Face Hub into real applications. She spends her days on inference tooling, example notebooks and the occasional very long issue thread.",
    portrait: "/portraits/camila-restrepo.svg",
    links: [{ label: "Social", url: "https://social.example.com/camilarestrepo" }],
  },
  {
    id: "finn-aldridge",
    name: "Finn Aldridge",
    title: "Developer advocate, Jazz",
    bio: "Finn helps developers build local-first apps with Jazz, from collaborative editors to offline-ready tools. He has a soft spot for sync engines and for apps that keep working on a train.",
    portrait: "/portraits/finn-aldridge.svg",
    links: [
      { label: "Social", url: "https://social.example.com/finnaldridge" },
      { label: "Code", url: "https://code.example.com/finn-a" },
    ],
  },
  {
    id: "anjali-deshpande",
    name: "Anjali Deshpande",
    title: "Research scientist, Hugging Face",
    bio: "Anjali works on open science at Hugging Face, with a focus on datasets, evaluation and reproducible training recipes. She believes a model release is only as useful as the documentation that comes with it.",
    portrait: "/portraits/anjali-deshpande.svg",
    links: [{ label: "Social", url: "https://social.example.com/anjalid" }],
  },
  {
    id: "matteo-bellandi",
    name: "Matteo Bellandi",
    title: "Software engineer, Ollama",
    bio: "Matteo works on Ollama, making it simple to run open models on a laptop or a workstation. He is happiest when a model that needed a cluster yesterday runs on his own machine today.",
    portrait: "/portraits/matteo-bellandi.svg",
    links: [
      { label: "Social", url: "https://social.example.com/mbellandi" },
      { label: "Code", url: "https://code.example.com/matteob" },
    ],
  },
  {
    id: "nadia-kovalenko",
    name: "Nadia Kovalenko",
    title: "Head of applied research, Arthur",
    bio: "Nadia leads applied research at Arthur, where her team works on evaluating and guarding AI systems in production. She previously worked on fraud detection and brings the same scepticism to model outputs.",
    portrait: "/portraits/nadia-kovalenko.svg",
    links: [{ label: "Social", url: "https://social.example.com/nadiakovalenko" }],
  },
  {
    id: "samir-haddad",
    name: "Samir Haddad",
    title: "Machine learning researcher, Boltz",
    bio: "Samir is a machine learning researcher at Boltz working on open models for biomolecular structure. He trained as a structural biologist before moving to deep learning and still reads protein papers for fun.",
    portrait: "/portraits/samir-haddad.svg",
    links: [
      { label: "Social", url: "https://social.example.com/samirhaddad" },
      { label: "Code", url: "https://code.example.com/shaddad" },
    ],
  },
  {
    id: "kai-nakamura",
    name: "Kai Nakamura",
    title: "Software engineer, Charm",
    bio: "Kai builds terminal tools at Charm and thinks a lot about what a good command-line experience for AI looks like. Outside work he maintains a collection of small TUIs that nobody asked for and everybody uses.",
    portrait: "/portraits/kai-nakamura.svg",
    links: [{ label: "Code", url: "https://code.example.com/kainakamura" }],
  },
  {
    id: "tariq-alamin",
    name: "Tariq Alamin",
    title: "Developer relations engineer, Modal",
    bio: "Tariq helps developers run their Python code on GPUs in the cloud with Modal. He writes examples, answers questions and keeps a running list of the ways people deploy models that surprised him.",
    portrait: "/portraits/tariq-alamin.svg",
    links: [
      { label: "Social", url: "https://social.example.com/tariqalamin" },
      { label: "Code", url: "https://code.example.com/talamin" },
    ],
  },
  {
    id: "marisol-ortega",
    name: "Marisol Ortega",
    title: "Founding engineer, Bytez",
    bio: "Marisol is a founding engineer at Bytez, working on the inference API that lets developers try models from recent research. She cares about making a new paper's model usable the same week it is published.",
    portrait: "/portraits/marisol-ortega.svg",
    links: [{ label: "Social", url: "https://social.example.com/marisolortega" }],
  },
  {
    id: "aditi-venkataraman",
    name: "Aditi Venkataraman",
    title: "Research scientist, Patronus AI",
    bio: "Aditi is a research scientist at Patronus AI working on automated evaluation of language models. Her work centres on judging open-ended outputs in ways that hold up when someone checks them by hand.",
    portrait: "/portraits/aditi-venkataraman.svg",
    links: [
      { label: "Social", url: "https://social.example.com/aditiv" },
      { label: "Code", url: "https://code.example.com/aditi-v" },
    ],
  },
  {
    id: "emeka-nwosu",
    name: "Emeka Nwosu",
    title: "Solutions engineer, Cube",
    bio: "Emeka helps data teams put a semantic layer between their warehouse and the tools that query it, from dashboards to AI agents. He previously built analytics platforms for logistics companies.",
    portrait: "/portraits/emeka-nwosu.svg",
    links: [{ label: "Social", url: "https://social.example.com/emekanwosu" }],
  },
  {
    id: "soraya-lindqvist",
    name: "Soraya Lindqvist",
    title: "Principal engineer, Fernhollow Research",
    bio: "Soraya leads the small-models team at Fernhollow Research, where she distils open models into assistants that run on everyday hardware. She has spoken at developer conferences on both sides of the Atlantic about efficient inference.",
    portrait: "/portraits/soraya-lindqvist.svg",
    links: [
      { label: "Social", url: "https://social.example.com/sorayalindqvist" },
      { label: "Code", url: "https://code.example.com/soraya-l" },
    ],
  },
  {
    id: "kwabena-osei",
    name: "Kwabena Osei",
    title: "Lead maintainer, Local Inference Guild",
    bio: "Kwabena coordinates the Local Inference Guild, a volunteer group that maintains open-source tooling for running models on personal hardware. He spends much of his week on triage, release notes and mentoring new contributors.",
    portrait: "/portraits/kwabena-osei.svg",
    links: [
      { label: "Social", url: "https://social.example.com/kwabenaosei" },
      { label: "Code", url: "https://code.example.com/kosei" },
    ],
  },

  // Community demo presenters
  {
    id: "zeynep-arslan",
    name: "Zeynep Arslan",
    title: "Maintainer, Loomtrace",
    bio: "Zeynep is an independent developer who maintains Loomtrace, an open-source tracer for multi-step agent runs. She started it after losing an afternoon to an agent that called the same tool forty times.",
    portrait: "/portraits/zeynep-arslan.svg",
    links: [{ label: "Code", url: "https://code.example.com/zeyneparslan" }],
  },
  {
    id: "linnea-barros",
    name: "Linnea Barros",
    title: "Maintainer, Feedback Forensics",
    bio: "Linnea is an independent researcher who studies what preference data actually teaches a model. She maintains Feedback Forensics, an open-source toolkit for inspecting pairwise human and AI feedback datasets.",
    portrait: "/portraits/linnea-barros.svg",
    links: [
      { label: "Social", url: "https://social.example.com/linneabarros" },
      { label: "Code", url: "https://code.example.com/linnea-b" },
    ],
  },
  {
    id: "santiago-villalba",
    name: "Santiago Villalba",
    title: "Creator, Notewell",
    bio: "Santiago is a frontend developer who builds privacy-minded tools in his spare time. His project Notewell lets people search and question their own notes with a model that never leaves their laptop.",
    portrait: "/portraits/santiago-villalba.svg",
    links: [{ label: "Code", url: "https://code.example.com/svillalba" }],
  },
  {
    id: "mei-lin-chao",
    name: "Mei-Lin Chao",
    title: "Creator, Pebblenet",
    bio: "Mei-Lin is an embedded software engineer who likes squeezing neural networks onto small devices. Pebblenet, her open-source project, brings offline speech transcription to single-board computers.",
    portrait: "/portraits/mei-lin-chao.svg",
    links: [
      { label: "Social", url: "https://social.example.com/meilinchao" },
      { label: "Code", url: "https://code.example.com/meilin" },
    ],
  },
  {
    id: "obinna-eze",
    name: "Obinna Eze",
    title: "Creator, Sift Shell",
    bio: "Obinna is a site reliability engineer who spends a lot of time reading other people's error messages. He built Sift Shell so a local model could read them first.",
    portrait: "/portraits/obinna-eze.svg",
    links: [{ label: "Code", url: "https://code.example.com/obinnaeze" }],
  },
  {
    id: "ananya-iyer",
    name: "Ananya Iyer",
    title: "Maintainer, Weftwork",
    bio: "Ananya is a data engineer and the maintainer of Weftwork, a library for getting reliably structured output from open models. She has opinions about JSON schemas and is happy to share them.",
    portrait: "/portraits/ananya-iyer.svg",
    links: [
      { label: "Social", url: "https://social.example.com/ananyaiyer" },
      { label: "Code", url: "https://code.example.com/ananya-i" },
    ],
  },
  {
    id: "ronan-gallagher",
    name: "Ronan Gallagher",
    title: "Creator, Quayside",
    bio: "Ronan is a platform engineer who runs a small homelab of GPUs and too many models. Quayside, his open-source gateway, grew out of wanting one endpoint in front of all of them.",
    portrait: "/portraits/ronan-gallagher.svg",
    links: [{ label: "Code", url: "https://code.example.com/ronangallagher" }],
  },

  // Rehearsal
  {
    id: "test-speaker",
    name: "Test Speaker",
    title: "Rehearsal speaker, GLOSAIC crew",
    bio: "A stand-in used by the GLOSAIC crew to rehearse the stream set-up before the day. If you can see this page, the rehearsal briefing works.",
    portrait: "/portraits/test-speaker.svg",
  },
] satisfies EditionInput["speakers"];
