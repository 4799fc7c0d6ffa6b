import { Children, type ReactNode } from "react";

/**
 * A rich message's parts (a message named `…Rich`: words, and the elements given for its arguments) as children
 * React can render in order, each element keyed by its place: `{rich(m.agendaFormatsRich({ json: <a …/> }))}`.
 * A module of its own, not in the messages' namespace: a module that imports React starts React's chunk, and the
 * home page's island, which says messages without React, would load it on a page served without React.
 */
export function rich(parts: ReactNode[]): ReactNode[] {
  return Children.toArray(parts);
}
