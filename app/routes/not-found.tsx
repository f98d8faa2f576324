import { data } from "react-router";

/** Any unknown path: thrown so the root error boundary shows the translated 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
