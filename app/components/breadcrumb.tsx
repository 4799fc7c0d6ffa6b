import { Link } from "react-router";
import * as m from "../i18n/messages";

/** Where a page sits: links up to the home page, then the current page, marked as such. */
export function Breadcrumb({ trail, current }: { trail: { label: string; to: string }[]; current: string }) {
  return (
    <nav aria-label={m.breadcrumbLabel} className="mx-auto max-w-6xl px-6 pt-6 text-sm">
      <ol className="flex flex-wrap gap-2 text-muted">
        {trail.map((step) => (
          <li key={step.to} className="flex gap-2">
            <Link to={step.to} className="underline-offset-4 hover:text-white hover:underline">
              {step.label}
            </Link>
            <span aria-hidden="true">&gt;</span>
          </li>
        ))}
        <li aria-current="page" className="text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
