/** The sections of the app: sidebar entries, breadcrumbs and placeholder titles all read from here. */
export type Section = {
  to: string;
  /** i18n key under `nav.` */
  key: string;
  /** Not built yet: the sidebar says "Soon" and the page says what it will be (domain/upcoming-features.ts). */
  soon?: boolean;
  admin?: boolean;
};

export const MAIN_SECTIONS: Section[] = [
  { to: "/dashboard", key: "dashboard" },
  { to: "/seo-llms", key: "seoLlms" },
  { to: "/leaderboard", key: "leaderboard" },
  { to: "/backlinks", key: "backlinks" },
  { to: "/recherche", key: "recherche", soon: true },
  { to: "/audit", key: "audit" },
  { to: "/articles", key: "articles", soon: true },
  { to: "/seo-silos", key: "seoSilos", soon: true },
  { to: "/agent-seo", key: "agentSeo", soon: true },
  { to: "/academy", key: "academy" },
];

export const ADMIN_SECTIONS: Section[] = [
  { to: "/admin/academy", key: "adminAcademy", admin: true },
  { to: "/admin/backlinks", key: "adminBacklinks", admin: true },
  { to: "/admin/configuration", key: "adminConfiguration", admin: true },
];

const OTHER_SECTIONS: Section[] = [
  { to: "/backlinks/sites", key: "backlinksSite" },
  { to: "/backlinks/cart", key: "backlinksCart" },
  { to: "/backlinks/checkout", key: "backlinksCheckout" },
  { to: "/backlinks/orders", key: "backlinksOrders" },
  { to: "/admin/backlinks/sites", key: "adminBacklinksSite" },
  { to: "/admin/backlinks/import", key: "adminBacklinksImport" },
  { to: "/admin/backlinks/orders", key: "adminBacklinksOrders" },
  { to: "/support", key: "support" },
  { to: "/booking", key: "booking" },
  { to: "/methodology", key: "methodology" },
  { to: "/settings/two-factor", key: "settingsTwoFactor" },
  { to: "/settings/informations", key: "settingsInformations" },
  { to: "/settings/integrations", key: "settingsIntegrations" },
  { to: "/settings/billing", key: "settingsBilling" },
  { to: "/settings", key: "settings" },
];

const ALL = [...ADMIN_SECTIONS, ...OTHER_SECTIONS, ...MAIN_SECTIONS];

/** The section a path belongs to: its own entry or the closest parent (so /seo-llms/x is SEO LLMs). */
export function sectionFor(pathname: string): Section | undefined {
  return ALL.filter((section) => isActive(section, pathname)).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
}

/** Seed 000 §2: these collapse the sidebar by themselves the first time they are entered. */
export function isAcademyPath(pathname: string) {
  return /^\/(admin\/)?academy(\/|$)/.test(pathname);
}

export function isActive(section: Section, pathname: string) {
  return pathname === section.to || pathname.startsWith(`${section.to}/`);
}
