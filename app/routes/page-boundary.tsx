import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/page-boundary";
import { ErrorScreen } from "~/components/error-screen";

/**
 * A pathless layout inside the shell: a page that fails (403, 404, 500) shows its error page
 * between the sidebar and the footer instead of replacing the whole app.
 */
export default function PageBoundary() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} />;
}
