import type { SubmissionResult } from "@conform-to/react";

/** The answer to a move of one item: which row's form, and its submission. */
export type MoveReply = { formId: string; result: SubmissionResult<string[]> };
export const formIdOf = (id: string) => `move-${id}`;
