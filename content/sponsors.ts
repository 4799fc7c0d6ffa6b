import type { EditionInput } from "./schema";

/**
 * Sponsors and co-hosts, in the order they are shown. The real companies keep their names and homepages; the
 * fictional organisations of the panellists and community co-hosts use example domains.
 */
export const sponsors = [
  { id: "nomic", name: "Nomic", logo: "/logos/nomic.svg", url: "https://www.nomic.ai", role: "Sponsor" },
  {
    id: "lightpanda",
    name: "Lightpanda",
    logo: "/logos/lightpanda.svg",
    url: "https://lightpanda.io",
    role: "Sponsor",
  },
  {
    id: "black-forest-labs",
    name: "Black Forest Labs",
    logo: "/logos/black-forest-labs.svg",
    url: "https://bfl.ai",
    role: "Sponsor",
  },
  { id: "flower", name: "Flower", logo: "/logos/flower.svg", url: "https://flower.ai", role: "Sponsor" },
  {
    id: "hugging-face",
    name: "Hugging Face",
    logo: "/logos/hugging-face.svg",
    url: "https://huggingface.co",
    role: "Sponsor",
  },
  { id: "ollama", name: "Ollama", logo: "/logos/ollama.svg", url: "https://ollama.com", role: "Sponsor" },
  { id: "jazz", name: "Jazz", logo: "/logos/jazz.svg", url: "https://jazz.tools", role: "Sponsor" },
  { id: "arthur", name: "Arthur", logo: "/logos/arthur.svg", url: "https://www.arthur.ai", role: "Sponsor" },
  { id: "boltz", name: "Boltz", logo: "/logos/boltz.svg", url: "https://boltz.bio", role: "Sponsor" },
  { id: "charm", name: "Charm", logo: "/logos/charm.svg", url: "https://charm.sh", role: "Sponsor" },
  { id: "modal", name: "Modal", logo: "/logos/modal.svg", url: "https://modal.com", role: "Sponsor" },
  {
    id: "patronus-ai",
    name: "Patronus AI",
    logo: "/logos/patronus-ai.svg",
    url: "https://www.patronus.ai",
    role: "Sponsor",
  },
  { id: "cube", name: "Cube", logo: "/logos/cube.svg", url: "https://cube.dev", role: "Sponsor" },
  { id: "bytez", name: "Bytez", logo: "/logos/bytez.svg", url: "https://bytez.com", role: "Sponsor" },
  {
    id: "quillwork-labs",
    name: "Quillwork Labs",
    logo: "/logos/quillwork-labs.svg",
    url: "https://quillwork-labs.example",
    role: "Sponsor",
  },
  {
    id: "stratacore-cloud",
    name: "Stratacore Cloud",
    logo: "/logos/stratacore-cloud.svg",
    url: "https://stratacore-cloud.example",
    role: "Sponsor",
  },
  {
    id: "tessellate-models",
    name: "Tessellate Models",
    logo: "/logos/tessellate-models.svg",
    url: "https://tessellate-models.example",
    role: "Co-host",
  },
  {
    id: "open-weights-collective",
    name: "Open Weights Collective",
    logo: "/logos/open-weights-collective.svg",
    url: "https://open-weights-collective.example",
    role: "Co-host",
  },
  {
    id: "builders-commons",
    name: "Builders' Commons",
    logo: "/logos/builders-commons.svg",
    url: "https://builders-commons.example",
    role: "Co-host",
  },
  {
    id: "fernhollow-research",
    name: "Fernhollow Research",
    logo: "/logos/fernhollow-research.svg",
    url: "https://fernhollow-research.example",
    role: "Co-host",
  },
  {
    id: "local-inference-guild",
    name: "Local Inference Guild",
    logo: "/logos/local-inference-guild.svg",
    url: "https://local-inference-guild.example",
    role: "Co-host",
  },
  {
    id: "open-model-meetups",
    name: "Open Model Meetups",
    logo: "/logos/open-model-meetups.svg",
    url: "https://open-model-meetups.example",
    role: "Co-host",
  },
] satisfies EditionInput["sponsors"];
