import { isRouteErrorResponse, redirect } from "react-router";

/**
 * On client-side navigation to a route whose pages are prerendered from a parameter (a talk's, a speaker's): the
 * page's prerendered data, or the not-found page where nothing was built at that path. The browser does not hold
 * the programme to tell a known path from an unknown one; the site does, answering 404 for an unbuilt `.data` file
 * (the server sends unknown speakers' paths to /404, which answers 404 too). Any other failure (offline) stays an
 * error, not a "not found".
 */
export async function prerenderedOrNotFound<Data>(serverLoader: () => Promise<Data>): Promise<Data | Response> {
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) return redirect("/404");
    throw error;
  }
}
