/** The message of a thrown value: an Error's, else its string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
