import type { SubmissionResult } from "@conform-to/react";

/** The orders screen's strings, for the page and its rows. */
export const PREFIX = "backlinksAdmin:orders";

/** The answer to a move of one item: which row's form, and its submission. */
export type MoveReply = { formId: string; result: SubmissionResult<string[]> };
export const formIdOf = (id: string) => `move-${id}`;
