/** The "seen at least" choices of the searches screen, shared by its URL schema and its filter. */
export const MIN_OCCURRENCES = [1, 2, 5, 10] as const;
