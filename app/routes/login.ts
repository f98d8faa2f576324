import { redirect } from "react-router";
import type { Route } from "./+types/login";

/**
 * Seed 000 §2 names /login; sign-in lives at /auth. An old link or a typed address lands there,
 * with what it asked for (a `redirectTo`, a mode) kept.
 */
export function loader({ url }: Route.LoaderArgs) {
  const { search } = url;
  return redirect(`/auth${search}`, 301);
}
