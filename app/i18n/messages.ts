/**
 * The interface's words in the edition's language, made by the build from the catalogues beside this file
 * (scripts/build/messages.ts, decision 048). Import them as one namespace, `import * as m from ".../i18n/messages"`, and
 * name each as `m.<name>`: the bundler keeps only the messages a page names, and the build reports those nobody does.
 */
export * from "../../.generated/messages.js";
