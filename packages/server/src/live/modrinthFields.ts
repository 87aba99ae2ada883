/** Small readers for Modrinth bodies: upstream JSON is checked field by field, never trusted. */

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** `https://modrinth.com/<project_type>/<slug or id>`; project types are an open set. */
export function modrinthProjectUrl(project: Record<string, unknown>): string | null {
  const handle = stringOrNull(project['slug']) ?? stringOrNull(project['id']);
  if (handle === null) return null;
  const type = stringOrNull(project['project_type']) ?? 'project';
  return `https://modrinth.com/${encodeURIComponent(type)}/${encodeURIComponent(handle)}`;
}
