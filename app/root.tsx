import displayFont from "../.generated/fonts/space-grotesk.woff2?url";
import textFont from "../.generated/fonts/inter.woff2?url";
import { useContext, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer";
import { NavBar } from "./components/nav-bar";
import { FavouriteStar } from "./components/favourite-star";
import { SkipLink } from "./components/skip-link";
import * as m from "./i18n/messages";
import { rich } from "./i18n/rich";
import { homeIslandPath, pageColour } from "../common/site-paths";
import { useHydrated } from "./lib/use-hydrated";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: textFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "sitemap", href: "/sitemap.xml", type: "application/xml" },
];

/**
 * Route handle. Stream screens set `bare` to render full-screen, without the site's navigation and footer; the
 * stream's overlays also set `transparent`, so that the document paints nothing of its own and the streaming tool
 * lays the page over the video (docs/decisions/042). A page that sets `static` is served as HTML and CSS without
 * React: it is not hydrated, its links are plain page loads, and its one script is the home island
 * (app/islands/home.ts; docs/decisions/007).
 */
export interface PageHandle {
  bare?: boolean;
  transparent?: boolean;
  static?: boolean;
}

function handleSays(handle: unknown, flag: keyof PageHandle): boolean {
  return typeof handle === "object" && handle !== null && (handle as PageHandle)[flag] === true;
}

/**
 * Marks the document once hydration has finished, including the render that follows it for what only a running
 * page shows (`useHydrated`): the browser tests wait for it before they press keys, and CSS could use it.
 */
function HydratedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const bare = matches.some((match) => handleSays(match.handle, "bare"));
  const transparent = matches.some((match) => handleSays(match.handle, "transparent"));
  // React Router also renders a hydrating "SPA fallback" of "/" at build time, with its scripts: the service worker's
  // shell, which draws a talk's or speaker's page offline (decision 079). The home page's own HTML is rendered apart.
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
  const staticPage = !spaFallback && matches.some((match) => handleSays(match.handle, "static"));
  // The shell is drawn at "/" and hydrates at the page's own path: until it has, no section is marked as current.
  const hydrated = useHydrated();
  return (
    <html lang={m.locale} data-bare={bare ? "" : undefined} data-transparent={transparent ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={pageColour} />
        <Meta />
        <Links />
      </head>
      <body className={transparent ? "min-h-dvh text-white" : "min-h-dvh bg-ink text-white"}>
        {bare ? (
          children
        ) : (
          <>
            <SkipLink />
            <NavBar marksCurrent={!spaFallback || hydrated} />
            <div className="flex min-h-dvh flex-col pt-16">
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              <SiteFooter />
            </div>
          </>
        )}
        <FavouriteStar />
        {staticPage ? (
          <script type="module" src={homeIslandPath} />
        ) : (
          <>
            <HydratedMark />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const heading = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : m.errorTitle;
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-4xl font-bold">{heading}</h1>
      <p className="mt-4 text-muted">
        {rich(
          m.errorHintRich({
            home: (
              <a className="underline underline-offset-4" href="/">
                {m.errorHome}
              </a>
            ),
          }),
        )}
      </p>
    </section>
  );
}
