/**
 * Free-text search as a case-insensitive "contains" (`ILIKE`) pattern. The user's text
 * is matched literally: `%`, `_` and the escape character itself lose their meaning.
 */

/** The `ILIKE` pattern of a search text, or `undefined` when there is nothing to search. */
export const containsPattern = (search: string | undefined): string | undefined => {
  const text = search?.trim() ?? ""
  return text === "" ? undefined : `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
