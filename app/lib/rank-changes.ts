import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import * as m from "../i18n/messages";

/** A screen reader hears how the ranks changed at most this often, however fast the votes come. */
export const announceEveryMs = 5000;

interface Ranked {
  id: string;
  title: string;
  rank: number;
}

const ranksOf = (demos: readonly Ranked[]) => new Map(demos.map((demo) => [demo.id, demo.rank]));

/**
 * What a polite live region says about the live leaderboard: the demos whose rank changed since it last spoke,
 * "Leaderboard changed: Notewell is now #1, Foo is now #2.", at most every few seconds and never per vote; nothing
 * while counts move without changing ranks (the cards show them). `live` is false until the live list has loaded:
 * the step from the page's catalogue to the server's counts is no change to announce.
 */
export function useRankAnnouncement(demos: readonly Ranked[], live: boolean): string {
  const [message, setMessage] = useState("");
  const announced = useRef<Map<string, number> | null>(null);
  const latest = useRef(demos);
  const lastSpoke = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = demos;
    if (!live) return;
    if (announced.current === null) {
      announced.current = ranksOf(demos);
      return;
    }
    if (timer.current !== undefined) return;
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        const before = announced.current ?? new Map<string, number>();
        const moved = latest.current.filter((demo) => (before.get(demo.id) ?? demo.rank) !== demo.rank).slice(0, 3);
        announced.current = ranksOf(latest.current);
        if (moved.length === 0) return;
        lastSpoke.current = Date.now();
        setMessage(
          m.leaderboardChanged({
            changes: moved
              .map((demo) => m.leaderboardMoved({ title: demo.title, rank: demo.rank }))
              .join(m.listSeparator),
          }),
        );
      },
      Math.max(0, lastSpoke.current + announceEveryMs - Date.now()),
    );
  }, [demos, live]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  return message;
}

/**
 * Cards that change place glide there (a FLIP animation: each starts where it was and moves to where it is), so an
 * eye can follow a demo that overtakes another. With reduced motion they simply are in their new places. `order` is
 * the ids in their order; the list's items carry `data-id`.
 */
export function useRankMoves(list: RefObject<HTMLElement | null>, order: string) {
  // Offsets, not the viewport's coordinates: a visitor who scrolled between two updates moved nothing.
  const places = useRef(new Map<string, { left: number; top: number; rank: number }>());
  // The list's width when the places were taken: a window resized since (a phone turned) moved every card, and
  // sliding them all from where they were is not a change of rank.
  const width = useRef(0);
  useLayoutEffect(() => {
    const items = [...(list.current?.children ?? [])].filter(
      (item): item is HTMLElement => item instanceof HTMLElement && item.dataset.id !== undefined,
    );
    const before = places.current;
    const widthBefore = width.current;
    places.current = new Map(
      items.map((item, rank) => [item.dataset.id ?? "", { left: item.offsetLeft, top: item.offsetTop, rank }]),
    );
    width.current = list.current?.offsetWidth ?? 0;
    if (before.size === 0 || widthBefore !== width.current) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const item of items) {
      const was = before.get(item.dataset.id ?? "");
      const is = places.current.get(item.dataset.id ?? "");
      // Only a card whose rank changed moves; the others keep their place in the grid.
      if (!was || !is || was.rank === is.rank) continue;
      const dx = was.left - is.left;
      const dy = was.top - is.top;
      if (dx === 0 && dy === 0) continue;
      item.animate([{ transform: `translate(${String(dx)}px, ${String(dy)}px)` }, { transform: "none" }], {
        duration: 400,
        easing: "ease-out",
      });
    }
  }, [list, order]);
}
