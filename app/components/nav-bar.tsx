import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation, type NavLinkProps } from "react-router";
import * as content from "../../content";
import * as m from "../i18n/messages";
import { ExternalLink } from "./external-link";
import { PhaseActionItems } from "./phase-action";
import { Wordmark } from "./wordmark";

const wideLinks = [
  { to: "/", label: m.navHome },
  { to: "/agenda", label: m.navAgenda },
  { to: "/talks_demos", label: m.navTalksDemos },
  { to: "/demo-voting", label: m.navDemoVoting },
];
const narrowLinks = wideLinks.filter((link) => link.to !== "/talks_demos");

function linkClass({ isActive }: { isActive: boolean }) {
  return `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-white/10 text-white" : "text-muted hover:text-white"
  }`;
}

/**
 * A link to a section, marked as the current page's where it is, or marked for no page (`marksCurrent` false): the
 * app's shell, drawn at no page's path, hydrates at the path of the page it draws (decision 079), and its first
 * render must be the shell's HTML.
 */
function SectionLink({
  marksCurrent,
  className,
  ...props
}: Omit<NavLinkProps, "className" | "children" | "style"> & {
  marksCurrent: boolean;
  className: string | typeof linkClass;
  children: React.ReactNode;
}) {
  if (marksCurrent) return <NavLink {...props} className={className} />;
  return <Link {...props} className={typeof className === "string" ? className : className({ isActive: false })} />;
}

function closeMenu(menu: HTMLDetailsElement | null) {
  if (menu) menu.open = false;
}

/**
 * The fixed top bar: the wordmark, the sections, Register; below the medium breakpoint, a menu instead.
 *
 * The menu is a native disclosure (`<details>`), so it opens and closes without any JavaScript: the home page is
 * served without hydration, and every page should work before or without it. The browser gives its summary the
 * button role and the expanded state. Once hydrated, the page adds what a disclosure lacks: Escape closes it and
 * hands focus back, a click elsewhere or a navigation closes it. `marksCurrent` false marks no section as the
 * current page's (the app's shell while it hydrates).
 */
export function NavBar({ marksCurrent = true }: { marksCurrent?: boolean }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const close = () => {
    closeMenu(detailsRef.current);
  };

  // A client-side navigation keeps the bar mounted: the menu closes on arrival at a new page.
  useEffect(() => {
    closeMenu(detailsRef.current);
  }, [pathname]);

  // Escape or a click elsewhere closes an open menu; Escape hands focus back to its button. The listeners stay for
  // the bar's life and ask the disclosure whether it is open: listeners added once it opened (an effect of its toggle)
  // came a frame late, and a click made in that frame was lost (effects run after the next paint).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !detailsRef.current?.open) return;
      closeMenu(detailsRef.current);
      summaryRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const menu = detailsRef.current;
      if (menu?.open && !menu.contains(event.target as Node)) closeMenu(menu);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-line bg-ink/85 backdrop-blur-md">
      <nav
        aria-label={m.navMain}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <SectionLink
          to="/"
          marksCurrent={marksCurrent}
          className="rounded-md p-1"
          aria-label={m.navHomeLabel({ name: content.event.shortName })}
        >
          <Wordmark />
        </SectionLink>

        <ul className="hidden items-center gap-1 md:flex">
          {wideLinks.map((link) => (
            <li key={link.to}>
              <SectionLink to={link.to} end marksCurrent={marksCurrent} className={linkClass}>
                {link.label}
              </SectionLink>
            </li>
          ))}
          <li className="ml-2">
            <ExternalLink
              href={content.event.links.register}
              className="inline-flex items-center rounded-full bg-electric px-5 py-2 text-sm font-semibold text-white transition-colors hover:bg-electric-hover"
            >
              {m.actionRegister}
            </ExternalLink>
          </li>
        </ul>

        <details ref={detailsRef} className="group md:hidden">
          <summary
            ref={summaryRef}
            className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full border border-line text-white [&::-webkit-details-marker]:hidden"
          >
            <span className="sr-only">{m.navMenu}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor">
              <path className="group-open:hidden" strokeLinecap="round" strokeWidth="2" d="M4 7h16M4 12h16M4 17h16" />
              <path
                className="hidden group-open:block"
                strokeLinecap="round"
                strokeWidth="2"
                d="M6 6l12 12M18 6L6 18"
              />
            </svg>
          </summary>
          {/* Hangs below the whole bar: the fixed header is its containing block. */}
          <div className="absolute inset-x-0 top-full border-y border-line bg-ink px-4 pt-2 pb-4 shadow-2xl">
            <ul className="flex flex-col gap-1">
              {narrowLinks.map((link) => (
                <li key={link.to}>
                  <SectionLink
                    to={link.to}
                    end
                    marksCurrent={marksCurrent}
                    onClick={close}
                    className={({ isActive }) =>
                      `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? "bg-white/10 text-white" : "text-muted hover:text-white"}`
                    }
                  >
                    {link.label}
                  </SectionLink>
                </li>
              ))}
              <PhaseActionItems
                onClick={close}
                className="mt-2 block rounded-xl bg-electric px-4 py-3 text-center text-base font-semibold text-white"
              />
            </ul>
          </div>
        </details>
      </nav>
    </header>
  );
}
