import type { ReactNode } from "react";

/** Labelled facts such as date, time and location: side by side where there is room, stacked in a column if asked. */
export function FactList({
  facts,
  stacked = false,
}: {
  facts: { label: string; value: ReactNode }[];
  stacked?: boolean;
}) {
  return (
    <dl className={`flex flex-wrap gap-x-10 gap-y-4 ${stacked ? "lg:flex-col" : ""}`}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt className="text-sm text-muted">{fact.label}</dt>
          <dd className="text-lg font-semibold text-white">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
