import { LogOutIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { ONBOARDING_STEPS } from "#domain/onboarding";
import { ErrorScreen } from "~/components/error-screen";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { StepProgress } from "~/components/onboarding/step-progress";
import { Button } from "~/components/ui/button";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { stepAt } from "~/lib/onboarding-steps";

/**
 * Onboarding's frame: a screen of its own, without the sidebar (nothing there works before the
 * first profile), with the five steps above the one on screen. Each step is a nested route.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const { data: progress } = await read(getApiClient(context).onboarding.progress.$get());
  return {
    saved: ONBOARDING_STEPS.filter((step) => progress.steps[step] !== null),
    resumeAt: progress.current_step,
  };
}

export default function OnboardingLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-gradient-to-b from-info-subtle to-background">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <Form method="post" action="/auth/logout">
            <Button type="submit" variant="ghost" size="sm">
              <LogOutIcon aria-hidden /> {t("auth.logout")}
            </Button>
          </Form>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 pb-16 sm:px-6">
        <StepProgress viewing={stepAt(pathname) ?? null} saved={loaderData.saved} resumeAt={loaderData.resumeAt} />
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} />;
}
