import { redirect } from "react-router";

// The server answers a direct load of /about with a 301; this covers navigation inside the app.
export function clientLoader() {
  return redirect("/agenda");
}

export default function About() {
  return null;
}
