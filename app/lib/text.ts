/** C0 controls and DEL: PostgreSQL refuses NUL in text, and none belongs in a name or a header. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
