import { openPostgresStore } from "../store/postgres";
import { openSqliteStore } from "../store/sqlite";

/**
 * Run as its own process by the questions' durability test, to be killed with SIGKILL mid-load:
 * `<edition> sqlite <file>` or `<edition> postgres <url> <schema>`. Asks and upvotes without end from several
 * workers at once, printing a line for each only once the store has answered it (an acknowledgement): `asked <id>`
 * and `upvoted <question id> <voter id>`. Every question is upvoted by its asker and by the first question's
 * many voters, so the first question's running count moves under load too.
 */
const [edition, engine, target, schema] = process.argv.slice(2);
if (!edition || !target) {
  throw new Error("usage: ask-until-killed.ts <edition> sqlite <file> | <edition> postgres <url> <schema>");
}
const store =
  engine === "postgres" ? await openPostgresStore(target, edition, { schema }) : await openSqliteStore(target, edition);
const { questions } = store;
const first = await questions.ask({
  sessionId: "slot-1",
  askerId: "asker-0",
  text: "The first question",
  name: null,
  askedAt: new Date(),
  status: "approved",
});
process.stdout.write(`asked ${first.question.id}\n`);

const workers = 8;
let next = 0;
async function work(worker: number) {
  for (;;) {
    const n = next++;
    const asker = `asker-${String(worker)}-${String(n)}`;
    const { question } = await questions.ask({
      sessionId: `slot-${String(n % 3)}`,
      askerId: asker,
      text: `Question ${String(n)}`,
      name: null,
      askedAt: new Date(),
      status: "approved",
      idempotencyKey: `key-${String(n)}`,
      origin: { addressHash: "address", agentHash: "agent" },
    });
    process.stdout.write(`asked ${question.id}\n`);
    for (const id of [question.id, first.question.id]) {
      const result = await questions.upvote(id, asker, new Date());
      if (result?.changed) process.stdout.write(`upvoted ${id} ${asker}\n`);
    }
  }
}
await Promise.all(Array.from({ length: workers }, (_, worker) => work(worker)));
