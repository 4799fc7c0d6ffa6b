/**
 * Runs callbacks each at the start of a task of its own, in order, after the browser has had its chance to paint
 * and handle input. A message channel rather than `setTimeout(callback, 0)`: installing a timer is not free (it
 * records where it came from for the developer tools, ~0.5 ms each in Lighthouse's runs), and nested timers are
 * held back to 4 ms.
 */
let channel: MessageChannel | undefined;
const waiting: (() => void)[] = [];

export function inNextTask(callback: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      waiting.shift()?.();
    };
    // Node (tests, the build's prerender) would otherwise stay alive for the open port.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  waiting.push(callback);
  channel.port2.postMessage(null);
}

/** Resolves at the start of a later task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    inNextTask(resolve);
  });
}
