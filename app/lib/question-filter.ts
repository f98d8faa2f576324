/**
 * Seed 001 §5: the question list filters by a case-insensitive substring of question_text. (Apart
 * from the schemas, so the list filters without zod on the page.)
 */
export function filterQuestions<T extends { question_text: string }>(questions: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...questions];
  return questions.filter((question) => question.question_text.toLocaleLowerCase().includes(needle));
}
