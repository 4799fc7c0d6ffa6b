/**
 * Runs `work` on each item, at most `atOnce` of them at a time, each started in the items' order: thousands of
 * files read or written (the server's start, the build's calendar files and share cards), where the disk or the
 * thread pool, not one file after another, should set the pace.
 */
export async function eachAtOnce<Item>(
  items: Iterable<Item>,
  atOnce: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  const queue = items[Symbol.iterator]();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let next = queue.next(); next.done !== true; next = queue.next()) await work(next.value);
    }),
  );
}
