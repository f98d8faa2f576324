import academy from "../../../locales/fr/academy.json";
import academyAdmin from "../../../locales/fr/academy-admin.json";
import audit from "../../../locales/fr/audit.json";
import backlinks from "../../../locales/fr/backlinks.json";
import backlinksAdmin from "../../../locales/fr/backlinks-admin.json";
import billing from "../../../locales/fr/billing.json";
import common from "../../../locales/fr/common.json";
import features from "../../../locales/fr/features.json";
import insights from "../../../locales/fr/insights.json";
import onboarding from "../../../locales/fr/onboarding.json";
import seo from "../../../locales/fr/seo.json";
import seoSetup from "../../../locales/fr/seo-setup.json";
import searchConsole from "../../../locales/fr/search-console.json";
import methodology from "../../../locales/fr/methodology.json";
import auth from "../../../locales/fr/auth.json";
import twoFactor from "../../../locales/fr/two-factor.json";
import exportColumns from "../../../locales/fr/exports.json";

/** Every namespace of one interface language: the browser loads only the language it shows. */
export default { common, seo, seoSetup, insights, billing, academy, academyAdmin, audit, onboarding, backlinks, backlinksAdmin, features, searchConsole, methodology, auth, twoFactor, exports: exportColumns };
