import { ONBOARDING_LIMITS, ONBOARDING_STEPS, type OnboardingStep, SETUP_STATUSES, SETUP_STEPS } from "#domain/onboarding";
import { z } from "../http/router";
import { competitorList, countryField, domainField, keywordsField, marketLanguageField, text } from "../seo-llm/profile-fields";
import { boundedText, optionalText, RequiredWebsiteSchema } from "../users/routes";

// ---- each step's data -------------------------------------------------------------------------

const PersonalInfoSchema = z
  .object({
    first_name: boundedText(ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax),
    last_name: boundedText(ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax),
    company: boundedText(ONBOARDING_LIMITS.companyMin, ONBOARDING_LIMITS.companyMax),
  })
  .openapi("OnboardingPersonalInfo");

const WebsiteAnalysisSchema = z
  .object({
    website: RequiredWebsiteSchema,
    brand_name: optionalText(text(ONBOARDING_LIMITS.brandName)).openapi({
      description: "The brand the analyses look for, as the site names itself (the website analysis's suggestion, edited or not); empty, null or absent: the company's name",
    }),
    audit_id: z.uuid().nullish().openapi({ description: "The website analysis this step ran, kept so the next steps can show its suggestions" }),
  })
  .openapi("OnboardingWebsiteAnalysis");

const KeywordSelectionSchema = z
  .object({ keywords: keywordsField().openapi({ description: "Trimmed, each once (case and accents aside); the limits count what is sent" }) })
  .openapi("OnboardingKeywordSelection");

const CompetitorSchema = z.object({ name: text(ONBOARDING_LIMITS.competitorName), domain: domainField() });

const MarketLocationSchema = z
  .object({
    market_language: marketLanguageField(),
    country: countryField().openapi({ description: "ISO 3166-1 alpha-2, any case, saved upper-case" }),
    competitors: competitorList(CompetitorSchema, (competitor) => competitor.name, "name")
      .default([])
      .openapi({ description: "Each name once (case and accents aside), and no more than the plan tracks (403 competitor_limit)" }),
  })
  .openapi("OnboardingMarketLocation");

const GoogleSearchConsoleSchema = z
  .object({
    connected: z.boolean().openapi({ description: "Whether Search Console was connected on this step; false: the step was skipped" }),
  })
  .openapi("OnboardingGoogleSearchConsole");

/** Each step's schema: what PUT /progress validates and what the setup reads back. */
export const STEP_SCHEMAS = {
  personal_info: PersonalInfoSchema,
  website_analysis: WebsiteAnalysisSchema,
  keyword_selection: KeywordSelectionSchema,
  market_location: MarketLocationSchema,
  google_search_console: GoogleSearchConsoleSchema,
} as const satisfies Record<OnboardingStep, z.ZodType>;

export type StepData = { [S in OnboardingStep]: z.output<(typeof STEP_SCHEMAS)[S]> };

// ---- requests ---------------------------------------------------------------------------------

const saving = <S extends OnboardingStep>(step: S) => z.object({ step: z.literal(step), data: STEP_SCHEMAS[step] });

export const SaveStepSchema = z
  .discriminatedUnion("step", [
    saving("personal_info"),
    saving("website_analysis"),
    saving("keyword_selection"),
    saving("market_location"),
    saving("google_search_console"),
  ], { error: `step: one of ${ONBOARDING_STEPS.join(", ")}` })
  .openapi("OnboardingStepSave", { description: "One step's data, validated by that step's schema: `step` names it, `data` holds it" });

export type SaveStep = z.output<typeof SaveStepSchema>;

// ---- answers ----------------------------------------------------------------------------------

const currentStep = z.enum(ONBOARDING_STEPS).openapi({ description: "Where the user resumes: the first step not saved yet (the last step once every one is)" });

const complete = z.boolean().openapi({
  description: "Finished: completed through POST /complete, or an SEO profile made otherwise (before onboarding existed, or on the profile screen)",
});

export const StatusSchema = z
  .object({
    complete,
    current_step: currentStep,
    setup_status: z.enum(SETUP_STATUSES).nullable().openapi({ description: "The setup job's state once completing queued it; null before (and when none ran)" }),
  })
  .openapi("OnboardingStatus");

/** A step's saved data, or null; as a union, so the step's component keeps refusing null in requests. */
const savedOrNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

export const ProgressSchema = z
  .object({
    complete,
    completed_at: z.string().nullable(),
    current_step: currentStep,
    steps: z
      .object({
        personal_info: savedOrNull(PersonalInfoSchema),
        website_analysis: savedOrNull(WebsiteAnalysisSchema),
        keyword_selection: savedOrNull(KeywordSelectionSchema),
        market_location: savedOrNull(MarketLocationSchema),
        google_search_console: savedOrNull(GoogleSearchConsoleSchema),
      })
      .openapi({ description: "Each step's saved data, as normalised when saved; null: not saved yet" }),
  })
  .openapi("OnboardingProgress");

export const SetupSchema = z
  .object({
    status: z.enum(SETUP_STATUSES).openapi({ description: "pending: queued; running; done: profile written, questions generated, first analysis launched; failed: see steps" }),
    steps: z.array(
      z.object({
        step: z.enum(SETUP_STEPS).openapi({ description: "profile: the names, company and SEO profile; questions: the system questions; analysis: the first analysis launched" }),
        status: z.enum(SETUP_STATUSES).openapi({ description: "pending: not reached" }),
        error: z.object({ code: z.string(), message: z.string() }).nullable().openapi({ description: "Why it failed: the code the API would answer for it (competitor_limit, daily_limit…)" }),
      }),
    ),
    analysis_id: z.uuid().nullable().openapi({ description: "The first analysis, once launched (GET /seo-llm/analyses/{id})" }),
  })
  .openapi("OnboardingSetup");
