import academy from "../../../locales/en/academy.json";
import academyAdmin from "../../../locales/en/academy-admin.json";
import audit from "../../../locales/en/audit.json";
import backlinks from "../../../locales/en/backlinks.json";
import backlinksAdmin from "../../../locales/en/backlinks-admin.json";
import billing from "../../../locales/en/billing.json";
import common from "../../../locales/en/common.json";
import features from "../../../locales/en/features.json";
import insights from "../../../locales/en/insights.json";
import onboarding from "../../../locales/en/onboarding.json";
import seo from "../../../locales/en/seo.json";
import seoSetup from "../../../locales/en/seo-setup.json";
import searchConsole from "../../../locales/en/search-console.json";
import methodology from "../../../locales/en/methodology.json";
import auth from "../../../locales/en/auth.json";
import twoFactor from "../../../locales/en/two-factor.json";
import exportColumns from "../../../locales/en/exports.json";

/** Every namespace of one interface language: the browser loads only the language it shows. */
export default { common, seo, seoSetup, insights, billing, academy, academyAdmin, audit, onboarding, backlinks, backlinksAdmin, features, searchConsole, methodology, auth, twoFactor, exports: exportColumns };
