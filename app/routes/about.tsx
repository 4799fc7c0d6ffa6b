import { redirect } from "react-router";
import { redirects } from "../../common/site-paths";

// The server answers a direct load of /about with a 301; this covers navigation inside the app.
export function clientLoader() {
  return redirect(redirects["/about"] ?? "/");
}

export default function About() {
  return null;
}
