import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "#domain/locales";
import enAcademy from "../../locales/en/academy.json";
import enAcademyAdmin from "../../locales/en/academy-admin.json";
import enAudit from "../../locales/en/audit.json";
import enBacklinks from "../../locales/en/backlinks.json";
import enBilling from "../../locales/en/billing.json";
import enCommon from "../../locales/en/common.json";
import enInsights from "../../locales/en/insights.json";
import enOnboarding from "../../locales/en/onboarding.json";
import enSeo from "../../locales/en/seo.json";
import enSeoSetup from "../../locales/en/seo-setup.json";
import frAcademy from "../../locales/fr/academy.json";
import frAcademyAdmin from "../../locales/fr/academy-admin.json";
import frAudit from "../../locales/fr/audit.json";
import frBacklinks from "../../locales/fr/backlinks.json";
import frBilling from "../../locales/fr/billing.json";
import frCommon from "../../locales/fr/common.json";
import frInsights from "../../locales/fr/insights.json";
import frOnboarding from "../../locales/fr/onboarding.json";
import frSeo from "../../locales/fr/seo.json";
import frSeoSetup from "../../locales/fr/seo-setup.json";

/** Seed 000 §1: the chosen language is remembered for a year. */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

export const resources = {
  en: { common: enCommon, seo: enSeo, seoSetup: enSeoSetup, insights: enInsights, billing: enBilling, academy: enAcademy, academyAdmin: enAcademyAdmin, audit: enAudit, onboarding: enOnboarding, backlinks: enBacklinks },
  fr: { common: frCommon, seo: frSeo, seoSetup: frSeoSetup, insights: frInsights, billing: frBilling, academy: frAcademy, academyAdmin: frAcademyAdmin, audit: frAudit, onboarding: frOnboarding, backlinks: frBacklinks },
} as const;

export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: ["common", "seo", "seoSetup", "insights", "billing", "academy", "academyAdmin", "audit", "onboarding", "backlinks"],
  interpolation: { escapeValue: false },
  resources,
};
