/** GETs `url` (giving up after 10 s) and parses the answer as JSON: its status and body. */
export async function getJson<T = any>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as T };
}
