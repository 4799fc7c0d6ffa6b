import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { engines, testEdition, type TestDatabase } from "../test-support/databases";

/**
 * An acknowledged question or upvote survives kill -9: a process asks and upvotes under load, printing each once
 * the store answered it, and is killed with SIGKILL; reopened, the store has every one it acknowledged, and each
 * question's running count equals its upvotes' rows.
 */
const all = await engines();
const acknowledgements = 400;

for (const engine of all) {
  describe(`The ${engine.name} question store, killed`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.dispose();
      database = undefined;
    });

    it.skipIf(engine.unavailable !== null)(
      "keeps every question and upvote it acknowledged before kill -9, and counts equal to the upvotes stored",
      async () => {
        database = await engine.create();
        // The store made once here, so the child's start is not a migration racing the kill.
        await (await database.open()).close();
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "server/test-support/ask-until-killed.ts", testEdition, ...database.processArgs],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        const exited = new Promise<NodeJS.Signals | null>((resolve) => {
          child.on("exit", (_code, signal) => {
            resolve(signal);
          });
        });
        const asked = new Set<string>();
        const upvoted: { questionId: string; voterId: string }[] = [];
        for await (const line of createInterface({ input: child.stdout })) {
          const [what, id = "", voter = ""] = line.split(" ");
          if (what === "asked") asked.add(id);
          else if (what === "upvoted") upvoted.push({ questionId: id, voterId: voter });
          if (asked.size + upvoted.length >= acknowledgements && child.exitCode === null && !child.killed) {
            child.kill("SIGKILL");
          }
        }
        expect(await exited).toBe("SIGKILL");
        expect(asked.size + upvoted.length).toBeGreaterThanOrEqual(acknowledgements);

        const store = (await database.open()).questions;
        const stored = await store.questions();
        const byId = new Map(stored.map((question) => [question.id, question]));
        for (const id of asked) expect(byId.has(id), id).toBe(true);
        const db = await database.kysely();
        try {
          const rows = await db.selectFrom("question_upvotes_by_edition").select(["question_id", "voter_id"]).execute();
          const keys = new Set(rows.map((row) => `${row.question_id} ${row.voter_id}`));
          for (const { questionId, voterId } of upvoted) expect(keys.has(`${questionId} ${voterId}`)).toBe(true);
          // The running counts and the rows agree: no upvote counted without its row, or the reverse.
          for (const question of stored) {
            expect(question.upvotes, question.id).toBe(rows.filter((row) => row.question_id === question.id).length);
          }
          expect(rows.length).toBeGreaterThanOrEqual(upvoted.length);
        } finally {
          await db.destroy();
        }
      },
      60_000,
    );
  });
}
