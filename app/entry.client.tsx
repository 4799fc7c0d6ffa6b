import { hydrate, type ContainerNode } from "preact";
import { Suspense } from "react";
import { HydratedRouter } from "react-router/dom";

/**
 * The browser runs the pages on Preact through its React compatibility layer (vite.config.ts; docs/decisions/032),
 * so this entry differs from React Router's default in these ways.
 *
 * - React Router suspends its first render while it decodes the page's data; React can suspend a whole root,
 *   Preact needs a boundary, which renders nothing meanwhile and keeps the prerendered DOM as it is.
 * - The root route renders <html>, but Preact renders into an element, and given the document it takes its
 *   <html> as the parent. This parent stands for the document itself: its one child is <html>, so hydration
 *   matches the page's <html> to the root's.
 */
const documentParent = {
  nodeType: Node.ELEMENT_NODE,
  namespaceURI: document.documentElement.namespaceURI,
  get firstChild() {
    return document.documentElement;
  },
  get childNodes() {
    return [document.documentElement];
  },
  insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  appendChild: (node: Node) => document.appendChild(node),
  removeChild: (node: Node) => document.removeChild(node),
};

/** Lets the browser run whatever is waiting (a tap, a frame) before the next piece of work. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve);
  });

// The first Intl.DateTimeFormat a page makes loads the browser's date formatting data: 64 ms under a 4x CPU
// slowdown, in the middle of hydration, which formats every time the page shows. Made in a task of its own, it
// is paid where nothing else waits on it.
await nextTask();
new Intl.DateTimeFormat("en-US").format(0);
await nextTask();
hydrate(
  <Suspense fallback={null}>
    <HydratedRouter />
  </Suspense>,
  documentParent as unknown as ContainerNode,
);
