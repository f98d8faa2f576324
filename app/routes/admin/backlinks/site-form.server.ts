import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { data } from "react-router";
import { LINK_TYPES } from "#domain/backlinks";
import { fieldErrorsFrom } from "~/lib/api-errors";
import type { BacklinkSite } from "~/lib/api-types";
import { SITE_FIELDS, SiteFormFields, SiteFormSchema } from "~/lib/backlinks-schemas";
import { backlinksErrorMessage, refusal } from "~/lib/backlinks.server";
import { replyWithToast } from "~/lib/toast.server";

export type SiteFormReply = { result: SubmissionResult<string[]> };

/** The form's field names, offers by link type, so the API's refusals land where they belong. */
const FIELDS = [...SITE_FIELDS, ...LINK_TYPES.map((type) => `offers.${type}`)];

/**
 * A site's form, new or edited: checked with the browser's schema, then sent to the API in cents.
 * Its refusals land on the fields (translated; a domain already taken on the address); anything
 * else is the form's error and a toast. What was typed comes back with the reply.
 */
export async function submitSiteForm(options: {
  formData: FormData;
  t: TFunction;
  failedKey: string;
  call: (site: z.output<typeof SiteFormSchema>) => Promise<BacklinkSite>;
  success: (site: BacklinkSite) => Promise<Response> | Response;
}) {
  const { formData, t } = options;
  const submission = parseWithZod(formData, { schema: SiteFormSchema });
  if (submission.status !== "success") return data<SiteFormReply>({ result: submission.reply() }, { status: 400 });
  let site: BacklinkSite;
  try {
    site = await options.call(submission.value);
  } catch (caught) {
    const error = refusal(caught);
    if (error.code === "domain_taken") {
      return data<SiteFormReply>({ result: submission.reply({ fieldErrors: { url: [backlinksErrorMessage(t, error)] } }) }, { status: 409 });
    }
    if (error.errors && Object.keys(error.errors).length) {
      return data<SiteFormReply>({ result: submission.reply(fieldErrorsFrom(error, t, "backlinks", FIELDS)) }, { status: 400 });
    }
    const message = backlinksErrorMessage(t, error);
    return replyWithToast<SiteFormReply>(formData, { type: "error", title: t(options.failedKey), description: message }, { result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  return options.success(site);
}

/** The site form's constraint attributes, for the loaders of the pages that show it (zod stays off them). */
export const siteFormConstraint = () => getZodConstraint(SiteFormFields);
