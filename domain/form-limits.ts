/**
 * The numbers the forms' rules enforce and their messages quote ("at most {{nameMax}} characters"):
 * the SEO profile's, a question's, a website's and onboarding's. Apart from those rules
 * (seo-profile.ts, website.ts and onboarding.ts re-export them) so a form's error list can quote
 * them without bringing the rules' code to every form page (issue 16: 1.2 kB gzip).
 */

/** The SEO profile's lengths and counts, for the API's schema and the web form alike. */
export const PROFILE_LIMITS = {
  brandName: 100,
  aliases: 10,
  alias: 100,
  keywordsMin: 1,
  keywordsMax: 10,
  keyword: 80,
  competitors: 20,
  competitorName: 100,
} as const;

/** A question's text, in characters (after whitespace is collapsed). */
export const QUESTION_TEXT_LIMITS = { min: 5, max: 500 } as const;

/** A website address, once normalised. */
export const WEBSITE_MAX_LENGTH = 255;

/** Seed 000 §5, in characters once trimmed (the website once normalised); keywords as the SEO profile counts them. */
export const ONBOARDING_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  companyMin: 2,
  companyMax: 100,
  websiteMax: WEBSITE_MAX_LENGTH,
  brandName: PROFILE_LIMITS.brandName,
  keywordsMin: PROFILE_LIMITS.keywordsMin,
  keywordsMax: PROFILE_LIMITS.keywordsMax,
  keyword: PROFILE_LIMITS.keyword,
  competitors: PROFILE_LIMITS.competitors,
  competitorName: PROFILE_LIMITS.competitorName,
} as const;
