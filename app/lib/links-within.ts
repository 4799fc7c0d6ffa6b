import { useEffect, type RefObject } from "react";
import { useNavigate } from "react-router";

/**
 * Plain links within a long list (the speakers' directory, the event page's line-up) navigate within the app, as a
 * `<Link>` does, through one listener on the list rather than a `<Link>` each: at 1,200 speakers those were 2,600
 * components to hydrate, their hooks most of the page's blocking time on a slow phone (decisions 087, 088). A click
 * with a modifier key, or on an anchor within the page, is left to the browser.
 */
export function useLinksWithin(container: RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || link.origin !== window.location.origin || link.pathname === window.location.pathname) return;
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    };
    element.addEventListener("click", follow);
    return () => {
      element.removeEventListener("click", follow);
    };
  }, [container, navigate]);
}
