import { redirect } from "react-router";

/** Seed 000 §2: /settings opens the informations tab. */
export function loader() {
  return redirect("/settings/informations");
}
