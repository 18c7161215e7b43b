/** If-None-Match's comparison (RFC 9110, 13.1.2): `*`, or any of the listed tags, weak or not, equal to ours. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === etag;
  });
}
