import type { z } from "zod";
import type {
  ChapterInputSchema,
  ChapterPatchSchema,
  ChapterSchema,
  CourseDetailSchema,
  CourseInputSchema,
  CoursePatchSchema,
  CourseSchema,
  ProgressResultSchema,
  ThumbnailSchema,
  VideoDetailSchema,
  VideoInputSchema,
  VideoPatchSchema,
  VideoSchema,
} from "../../server/academy/schemas";
import type { AppConfigSchema } from "../../server/app-config/routes";
import type { AdminItemsSchema, CartItemSchema, CartSchema, ImportResultSchema, OrderSchema, SiteSchema, SitesPageSchema } from "../../server/backlinks/schemas";
import type { SiteInput } from "../../server/backlinks/site-input";
import type { SessionSchema } from "../../server/auth/routes";
import type { ChangeResultSchema, ChangeSchema, CheckoutSchema, PlanSchema, SubscriptionSchema } from "../../server/billing/routes";
import type { AnalysisSchema, AnalysisSummarySchema, StatsSchema } from "../../server/seo-llm/analysis-routes";
import type { LeaderboardSchema } from "../../server/leaderboard/routes";
import type { ProgressSchema, SaveStepSchema, SetupSchema } from "../../server/onboarding/schemas";
import type { CitingSourcesSchema } from "../../server/seo-llm/citing-sources-routes";
import type { SeoProfileSchema } from "../../server/seo-llm/profile-routes";
import type { QuestionSchema } from "../../server/seo-llm/question-routes";
import type { AvailabilitySchema, QuotaStatusSchema } from "../../server/seo-llm/quota-routes";
import type { QueryClustersSchema } from "../../server/seo-llm/search-query-routes";
import type { SiteAuditResultSchema, SiteAuditSchema, SiteAuditSummarySchema } from "../../server/site-audit/schemas";
import type { ProfileSchema } from "../../server/users/routes";
import type { ErrorSchema } from "../../server/http/router";

/*
 * The API's request and response types, for the API client (api.server.ts) and for the components
 * that show what it answers. Types only, derived from the routes' zod schemas: this is the one
 * browser module the linter lets reach into server/, and tests/architecture.test.ts holds it to
 * `import type`, so nothing of the server reaches the bundle.
 */

/** An error answer's field errors: each field's `{code, message}` list (docs/api.md). */
export type ApiFieldErrors = NonNullable<z.infer<typeof ErrorSchema>["errors"]>;

export type Session = z.infer<typeof SessionSchema>;
export type Profile = z.infer<typeof ProfileSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;
export type Plan = z.infer<typeof PlanSchema>;
export type SubscriptionChange = z.infer<typeof ChangeSchema>;
export type Checkout = z.infer<typeof CheckoutSchema>;
export type PlanChangeResult = z.infer<typeof ChangeResultSchema>;
export type PlanRequest = { plan_id: Plan["id"]; billing_period: "monthly" | "yearly"; referral_id?: string | null };
export type SeoProfile = z.infer<typeof SeoProfileSchema>;
export type SeoProfileInput = {
  BrandName?: string;
  BrandAliases?: string[];
  WebsiteURL?: string | null;
  MarketLanguage?: string;
  Country?: string | null;
  Keywords?: string[];
  Competitors?: Array<{ Name: string; Domain?: string | null; Aliases?: string[] }>;
  AmbiguousNames?: string[];
};
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionInput = { question_text?: string; category?: string; language?: string; is_active?: boolean };
export type QuotaStatus = z.infer<typeof QuotaStatusSchema>;
export type Availability = z.infer<typeof AvailabilitySchema>;
export type Analysis = z.infer<typeof AnalysisSchema>;
export type AnalysisSummary = z.infer<typeof AnalysisSummarySchema>;
export type AnalysisStats = z.infer<typeof StatsSchema>;
export type CitingSources = z.infer<typeof CitingSourcesSchema>;
export type QueryClusters = z.infer<typeof QueryClustersSchema>;
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export type InsightFilters = { start_date?: string; end_date?: string; provider?: string; category?: string };
export type SiteAudit = z.infer<typeof SiteAuditSchema>;
export type SiteAuditSummary = z.infer<typeof SiteAuditSummarySchema>;
export type SiteAuditReport = z.infer<typeof SiteAuditResultSchema>;
/** Seed 001 §7: the x-lifetime-* headers of the questions and website-analysis calls. */
export type Usage = { limit: number; used: number; remaining: number } | null;
export type AppConfig = z.infer<typeof AppConfigSchema>;
export type OnboardingProgress = z.infer<typeof ProgressSchema>;
/** What PUT /user/onboarding/progress takes: one step's name and its data. */
export type OnboardingStepSave = z.input<typeof SaveStepSchema>;
export type OnboardingSetup = z.infer<typeof SetupSchema>;
export type AcademyCourse = z.infer<typeof CourseSchema>;
export type AcademyCourseDetail = z.infer<typeof CourseDetailSchema>;
export type AcademyVideoDetail = z.infer<typeof VideoDetailSchema>;
export type AcademyChapter = z.infer<typeof ChapterSchema>;
export type AcademyVideo = z.infer<typeof VideoSchema>;
export type AcademyCourseInput = z.input<typeof CourseInputSchema>;
export type AcademyCoursePatch = z.input<typeof CoursePatchSchema>;
export type AcademyChapterInput = z.input<typeof ChapterInputSchema>;
export type AcademyChapterPatch = z.input<typeof ChapterPatchSchema>;
export type AcademyVideoInput = z.input<typeof VideoInputSchema>;
export type AcademyVideoPatch = z.input<typeof VideoPatchSchema>;
export type AcademyThumbnail = z.infer<typeof ThumbnailSchema>;
export type AcademyProgressResult = z.infer<typeof ProgressResultSchema>;
/** Whose thumbnail: a course's or a video's. */
export type ThumbnailTarget = { kind: "course" | "video"; id: string };
export type BacklinkSite = z.infer<typeof SiteSchema>;
export type BacklinkSitesPage = z.infer<typeof SitesPageSchema>;
export type Cart = z.infer<typeof CartSchema>;
export type CartItem = z.infer<typeof CartItemSchema>;
export type BacklinkOrder = z.infer<typeof OrderSchema>;
export type AdminOrderItem = z.infer<typeof AdminItemsSchema>["items"][number];
export type CatalogueImportResult = z.infer<typeof ImportResultSchema>;
/** What POST and PUT /backlinks/admin/sites take: prices in cents. */
export type BacklinkSiteInput = SiteInput;
