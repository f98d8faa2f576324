/**
 * Text without C0 control characters or DEL: PostgreSQL refuses NUL in text, and none belongs in a
 * name, a header or a title. As patterns, so the API's schemas state them in the OpenAPI document
 * and the web forms check the same thing.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
/** The same, letting line breaks and tabs through (descriptions). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
export const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/** The same, letting every whitespace control through (tab, line feed, vertical tab, form feed, return), for text whose whitespace is collapsed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
export const NO_CONTROL_CHARACTERS_BUT_SPACES = /^[^\u0000-\u0008\u000e-\u001f\u007f]*$/;

export const CONTROL_CHARACTERS_MESSAGE = "Control characters are not allowed";

export function hasControlCharacters(value: string): boolean {
  return !NO_CONTROL_CHARACTERS.test(value);
}

/** For comparing text as people read it: case and accents aside ("Crème" finds "creme"). */
export function foldForMatch(value: string): string {
  return value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}
