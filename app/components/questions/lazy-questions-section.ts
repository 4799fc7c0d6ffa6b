import { lazy } from "react";

/**
 * The audience's questions' section as the talk pages and the stage take it: its code is fetched as the page
 * hydrates, not before its first paint, and the section hydrates once it has come (a Suspense boundary around it
 * waits, dehydrated, with its prerendered HTML shown; a question asked meanwhile goes as the form's own POST). Both
 * pages' first loads are near the budget of first-load script without it: a talk's whole description is in the
 * page as its HTML and as its data, and the stage follows the show (decision 089).
 */
export const QuestionsSection = lazy(() =>
  import("./questions-section").then((module) => ({ default: module.QuestionsSection })),
);
