import type { ReactNode } from "react";

/** The identity's section heading: bold display type inside a white-bordered pill. */
export function PillHeading({
  as: Tag = "h2",
  children,
  className = "",
}: {
  as?: "h1" | "h2";
  children: ReactNode;
  className?: string;
}) {
  return (
    <Tag
      className={`inline-block rounded-full border-2 border-white px-5 py-1.5 font-display text-sm font-bold tracking-[0.2em] uppercase sm:text-base ${className}`}
    >
      {children}
    </Tag>
  );
}
