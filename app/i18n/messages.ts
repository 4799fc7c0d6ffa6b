import { Children, type ReactNode } from "react";

/**
 * The interface's words in the edition's language, made by the build from the catalogues beside this file
 * (scripts/messages.ts, decision 048). Import them as one namespace, `import * as m from ".../i18n/messages"`, and
 * name each as `m.<name>`: the bundler keeps only the messages a page names, and the build reports those nobody does.
 */
export * from "../../.generated/messages.js";

/**
 * A rich message's parts (a message named `…Rich`: words, and the elements given for its arguments) as children
 * React can render in order, each element keyed by its place: `{m.rich(m.agendaFormatsRich({ json: <a …/> }))}`.
 */
export function rich(parts: ReactNode[]): ReactNode[] {
  return Children.toArray(parts);
}
