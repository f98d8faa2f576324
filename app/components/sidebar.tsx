import {
  BotIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  GraduationCapIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  Link2Icon,
  LogOutIcon,
  MenuIcon,
  MoreVerticalIcon,
  NetworkIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  SearchIcon,
  SettingsIcon,
  ShieldIcon,
  ShoppingCartIcon,
  SlidersHorizontalIcon,
  SparklesIcon,
  TrophyIcon,
  XIcon,
} from "~/components/ui/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PrefetchPageLinks, useFetcher, useLocation, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import type { Profile, Subscription } from "~/lib/api-types";
import { ADMIN_SECTIONS, isActive, MAIN_SECTIONS, type Section } from "~/lib/navigation";
import { StaticMarkup } from "~/lib/static-markup";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { BookingButton } from "./booking-dialog";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { PlanDialogLink } from "./billing/plan-dialog";
import { useCartCount } from "./backlinks/pending-cart";
import { SubscriptionBadge } from "./subscription";
import { Badge } from "./ui/badge";
import { Menu, MenuSeparator, menuItemClassName } from "./ui/menu";

const ICONS: Record<string, typeof LayoutDashboardIcon> = {
  dashboard: LayoutDashboardIcon,
  seoLlms: SparklesIcon,
  leaderboard: TrophyIcon,
  backlinks: Link2Icon,
  recherche: SearchIcon,
  audit: ClipboardCheckIcon,
  articles: FileTextIcon,
  seoSilos: NetworkIcon,
  agentSeo: BotIcon,
  academy: GraduationCapIcon,
  adminAcademy: ShieldIcon,
  adminBacklinks: ShoppingCartIcon,
  adminConfiguration: SlidersHorizontalIcon,
};

const MOBILE_TOGGLE_ID = "sidebar-mobile-open";
const SUPPORT: Section = { to: "/support", key: "support" };

/**
 * Desktop (≥1024 px): 240 px, or 80 px collapsed; the state lives in a cookie so the server renders
 * it right. Below 1024 px: a 280 px overlay with a backdrop, closed at first. Its open state is a
 * checkbox, so the toggle and the backdrop work without JavaScript too.
 */
export function Sidebar({
  profile,
  subscription,
  collapsed: savedCollapsed,
  bookingUrl,
  cartCount: savedCartCount,
}: {
  profile: Profile;
  subscription: Subscription | null;
  collapsed: boolean;
  bookingUrl: string | null;
  /** Lines in the backlinks cart (null when it could not be read). */
  cartCount: number | null;
}) {
  const { t, i18n } = useTranslation();
  const cartCount = useCartCount(savedCartCount);
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [mobileOpen, setMobileOpen] = useState(false);
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("collapsed");
  const collapsed = typeof pending === "string" ? pending === "1" : savedCollapsed;
  const closeMobile = () => setMobileOpen(false);

  return (
    <>
      <input
        type="checkbox"
        id={MOBILE_TOGGLE_ID}
        className="peer sr-only"
        checked={mobileOpen}
        onChange={(event) => setMobileOpen(event.target.checked)}
        aria-label={t("sidebar.toggle")}
        aria-controls="app-sidebar"
      />
      {/* The backdrop is a label for the same checkbox: a click on it closes the overlay. */}
      <label htmlFor={MOBILE_TOGGLE_ID} className="fixed inset-0 z-40 hidden bg-slate-950/40 peer-checked:block lg:!hidden" data-testid="sidebar-backdrop">
        <span className="sr-only">{t("sidebar.close")}</span>
      </label>
      <aside
        id="app-sidebar"
        data-collapsed={collapsed}
        aria-label={t("sidebar.label")}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-[280px] -translate-x-full flex-col border-r border-slate-200 bg-white transition-transform duration-200 peer-checked:translate-x-0",
          "lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 lg:transition-[width]",
          collapsed ? "lg:w-20" : "lg:w-60",
        )}
      >
        <div className={cn("flex h-16 items-center justify-between gap-2 px-4", collapsed && "lg:justify-center lg:px-2")}>
          <StaticMarkup
            as="div"
            className="contents"
            cacheKey={`sidebar-top:${i18n.language}:${collapsed}`}
            render={() => (
              <>
                <Link to="/dashboard" onClick={closeMobile}>
                  <Logo size="sm" compact={collapsed} />
                </Link>
                <label htmlFor={MOBILE_TOGGLE_ID} className="cursor-pointer rounded p-1 text-slate-500 hover:bg-slate-100 lg:hidden">
                  <XIcon className="size-5" aria-hidden />
                  <span className="sr-only">{t("sidebar.close")}</span>
                </label>
              </>
            )}
          />
          <fetcher.Form method="post" action="/preferences" className={cn("hidden lg:block", collapsed && "lg:hidden")}>
            <CollapseFields collapsed={!collapsed} returnTo={`${pathname}${search}`} hydrated={hydrated} />
            <button type="submit" className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("sidebar.collapse")} title={t("sidebar.collapse")}>
              <PanelLeftCloseIcon className="size-5" aria-hidden />
            </button>
          </fetcher.Form>
        </div>
        {collapsed ? (
          <fetcher.Form method="post" action="/preferences" className="hidden justify-center pb-2 lg:flex">
            <CollapseFields collapsed={false} returnTo={`${pathname}${search}`} hydrated={hydrated} />
            <button type="submit" className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label={t("sidebar.expand")} title={t("sidebar.expand")}>
              <PanelLeftOpenIcon className="size-5" aria-hidden />
            </button>
          </fetcher.Form>
        ) : null}

        <nav className="flex-1 overflow-y-auto px-3 py-2" aria-label={t("sidebar.navigation")}>
          {/* The same entries for every user: the markup is the locale's, the active entry's and the cart count's. */}
          <StaticMarkup
            as="ul"
            className="grid gap-1"
            cacheKey={`sidebar:${i18n.language}:${collapsed}:${activeKeys(MAIN_SECTIONS, pathname)}:${cartCount ?? 0}`}
            render={() =>
              MAIN_SECTIONS.map((section) => (
                <NavItem
                  key={section.to}
                  section={section}
                  label={t(`nav.${section.key}`)}
                  soonLabel={t("sidebar.soon")}
                  collapsed={collapsed}
                  pathname={pathname}
                  onNavigate={closeMobile}
                  count={section.key === "backlinks" && cartCount ? { value: cartCount, label: t("sidebar.cartCount", { count: cartCount }) } : undefined}
                />
              ))
            }
          />
          {profile.role === "admin" ? (
            <div className="mt-6" data-testid="admin-section">
              <p className={cn("px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400", collapsed && "lg:sr-only")}>{t("sidebar.administration")}</p>
              <ul className="grid gap-1">
                {ADMIN_SECTIONS.map((section) => (
                  <NavItem key={section.to} section={section} label={t(`nav.${section.key}`)} soonLabel={t("sidebar.soon")} collapsed={collapsed} pathname={pathname} onNavigate={closeMobile} />
                ))}
              </ul>
            </div>
          ) : null}
        </nav>

        <div className="grid gap-1 border-t border-slate-200 px-3 py-3">
          {bookingUrl ? <BookingButton bookingUrl={bookingUrl} collapsed={collapsed} onNavigate={closeMobile} /> : null}
          <StaticMarkup
            as="div"
            className="contents"
            cacheKey={`sidebar-support:${i18n.language}:${collapsed}:${isActive(SUPPORT, pathname)}`}
            render={() => <NavItem section={SUPPORT} label={t("nav.support")} soonLabel={t("sidebar.soon")} icon={LifeBuoyIcon} collapsed={collapsed} pathname={pathname} onNavigate={closeMobile} asListItem={false} />}
          />
        </div>

        <ProfileCard profile={profile} subscription={subscription} collapsed={collapsed} onNavigate={closeMobile} />
      </aside>
    </>
  );
}

/** Opens the overlay below 1024 px; it sits in the page header, and is a label for the sidebar's checkbox. */
export function MobileMenuButton() {
  const { t } = useTranslation();
  return (
    <label
      htmlFor={MOBILE_TOGGLE_ID}
      className="-ml-2 mr-2 inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      data-testid="sidebar-mobile-toggle"
    >
      <MenuIcon className="size-5" aria-hidden />
      <span className="sr-only">{t("sidebar.open")}</span>
    </label>
  );
}

function CollapseFields({ collapsed, returnTo, hydrated }: { collapsed: boolean; returnTo: string; hydrated: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value="sidebar" />
      <input type="hidden" name="collapsed" value={collapsed ? "1" : "0"} />
      {/* Without JavaScript the post is a navigation, so the action sends the browser back here. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
    </>
  );
}

/** The keys of the entries marked as the page's own: part of what their markup depends on. */
function activeKeys(sections: Section[], pathname: string) {
  let keys = "";
  for (const section of sections) if (isActive(section, pathname)) keys += `${section.key},`;
  return keys;
}

/** Labels come from the sidebar's one useTranslation(): react-i18next's hook is costly per instance in SSR. */
function NavItem({
  section,
  label,
  soonLabel,
  collapsed,
  pathname,
  onNavigate,
  icon,
  asListItem = true,
  count,
}: {
  section: Section;
  label: string;
  soonLabel: string;
  collapsed: boolean;
  pathname: string;
  onNavigate: () => void;
  icon?: typeof LayoutDashboardIcon;
  asListItem?: boolean;
  /** A figure beside the label (the cart's lines), with what it means for assistive technology. */
  count?: { value: number; label: string };
}) {
  const Icon = icon ?? ICONS[section.key] ?? SparklesIcon;
  // A plain Link: the active state is computed here once, NavLink would match the path again.
  const active = isActive(section, pathname);
  const link = (
    <Link
      to={section.to}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      title={collapsed ? label : undefined}
      data-soon={section.soon || undefined}
      className={cn(
        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
        active ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100",
        collapsed && "lg:justify-center lg:px-0",
      )}
    >
      <span className="relative shrink-0">
        <Icon className="size-5" aria-hidden />
        {count && collapsed ? (
          <span className="absolute -right-2 -top-2 hidden min-w-4 rounded-full bg-primary px-1 text-center text-[10px] font-semibold leading-4 text-primary-foreground lg:block" aria-hidden>
            {count.value}
          </span>
        ) : null}
      </span>
      <span className={cn("flex-1 truncate", collapsed && "lg:sr-only")}>{label}</span>
      {count ? (
        <span className={cn("rounded-full bg-primary px-2 text-xs font-semibold leading-5 tabular-nums text-primary-foreground", collapsed && "lg:sr-only")} data-testid="cart-count">
          <span aria-hidden>{count.value}</span>
          <span className="sr-only">{count.label}</span>
        </span>
      ) : null}
      {/* The same for every plan: not built yet, rather than a lock that reads as "not in your plan". */}
      {section.soon ? (
        <Badge variant="secondary" size="sm" className={cn(collapsed && "lg:sr-only")}>
          {soonLabel}
        </Badge>
      ) : null}
    </Link>
  );
  return asListItem ? <li>{link}</li> : link;
}

function initials(profile: Profile) {
  const first = profile.profile.first_name?.[0] ?? profile.email[0] ?? "?";
  const last = profile.profile.last_name?.[0] ?? "";
  return `${first}${last}`.toUpperCase();
}

function ProfileCard({
  profile,
  subscription,
  collapsed,
  onNavigate,
}: {
  profile: Profile;
  subscription: Subscription | null;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [prefetch, setPrefetch] = useState(false);
  const name = [profile.profile.first_name, profile.profile.last_name].filter(Boolean).join(" ");
  return (
    <div className={cn("flex items-center gap-2 border-t border-slate-200 p-3", collapsed && "lg:flex-col")}>
      <Link
        to="/settings/informations"
        onClick={onNavigate}
        onMouseEnter={() => setPrefetch(true)}
        onFocus={() => setPrefetch(true)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 hover:bg-slate-100"
        data-testid="profile-card"
      >
        {profile.profile.profile_picture_url ? (
          <img src={profile.profile.profile_picture_url} alt="" className="size-9 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700" aria-hidden>
            {initials(profile)}
          </span>
        )}
        <span className={cn("grid min-w-0 gap-0.5", collapsed && "lg:sr-only")}>
          <span className="truncate text-sm font-medium text-slate-900">{name || profile.email}</span>
        </span>
      </Link>
      {/* The badge opens the plan dialog in upgrade mode (a link to the plans page without JavaScript). */}
      <PlanDialogLink upgrade onClick={onNavigate} className={cn("shrink-0 rounded-full", collapsed && "lg:hidden")} aria-label={t("sidebar.planBadge")} data-testid="plan-badge">
        <SubscriptionBadge subscription={subscription} />
      </PlanDialogLink>
      {/* Seed 000 §2: the card prefetches the three settings tabs. */}
      {prefetch ? (
        <>
          <PrefetchPageLinks page="/settings/informations" />
          <PrefetchPageLinks page="/settings/billing" />
          <PrefetchPageLinks page="/settings/integrations" />
        </>
      ) : null}
      <ProfileMenu collapsed={collapsed} />
    </div>
  );
}

/** The menu needs JavaScript; without it, logout stays in the settings layout. */
function ProfileMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!hydrated) return null;
  return (
    <Menu
      label={t("profileMenu.label")}
      trigger={<MoreVerticalIcon className="size-4" aria-hidden />}
      triggerClassName="rounded p-1 text-slate-500 hover:bg-slate-100"
      // Above the card, its end at the button's; collapsed, the sidebar is too narrow: it opens rightwards.
      className={cn("bottom-full right-0 mb-1.5", collapsed && "lg:left-0 lg:right-auto")}
    >
      {(close) => (
        <>
          <Link to="/settings/informations" role="menuitem" tabIndex={-1} onClick={close} className={menuItemClassName}>
            <SettingsIcon aria-hidden /> {t("profileMenu.settings")}
          </Link>
          {/* A menu holds entries, separators and groups: the two languages are a group of radio entries. */}
          <fieldset aria-label={t("language.label")} className="px-2 py-1.5">
            <LanguageSwitcher inMenu />
          </fieldset>
          <MenuSeparator />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              submit(null, { method: "post", action: "/auth/logout" });
            }}
            className={menuItemClassName}
          >
            <LogOutIcon aria-hidden /> {t("auth.logout")}
          </button>
        </>
      )}
    </Menu>
  );
}
