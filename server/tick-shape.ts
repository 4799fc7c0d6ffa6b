import { createHook } from "node:async_hooks";

/**
 * What keepTickShape holds for the life of the process: one of process.nextTick's queue entries.
 */
let kept: object | undefined;

/**
 * Keeps one of `process.nextTick`'s queue entries ("TickObject"s) alive for the life of the process, so that V8
 * never collects the hidden classes those entries pass through (decision 051).
 *
 * Each entry is an object literal with two computed (symbol) keys, so V8 builds it property by property, through a
 * chain of hidden classes whose intermediate ones only a live entry keeps. A full garbage collection at a moment
 * when no entry is queued (several happen while the server starts: it reads the built site and opens the store)
 * collects the chain, the next tick makes a new one, and the literal's inline caches see another class each time
 * until they give up (megamorphic): every nextTick then defines its properties through the runtime. Node calls
 * nextTick about ten times per HTTP request; on the polled reads that was 6 µs of a 48 µs request, against 0.45 µs
 * in a bare node:http server, whose few collections never found the queue empty. With one entry kept, its chain
 * stays and the caches stay monomorphic. Call it first, before the start's work.
 *
 * The hook is enabled only until the next tick's entry is created, and disabled inside its own callback.
 */
export function keepTickShape(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type !== "TickObject" || kept) return;
      kept = resource;
      hook.disable();
    },
  });
  hook.enable();
  process.nextTick(() => undefined);
  // The init callback runs synchronously inside nextTick: the hook is off again here whatever happened.
  hook.disable();
  return kept;
}
