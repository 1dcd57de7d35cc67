/**
 * Base64url without padding, in its one spelling: only the alphabet, no `=`, and a last character whose
 * unused low bits are zero (decoders ignore them, so four spellings would carry the same bytes).
 */
export function isCanonicalBase64url(text: string): boolean {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return false;
  return Buffer.from(text, 'base64url').toString('base64url') === text;
}

/**
 * A compact JWS as issued: three non-empty canonical base64url parts. Checked before verification, so a
 * token is one exact string (a padded or respelt signature still verifies in jose).
 */
export function isCompactJws(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => part.length > 0 && isCanonicalBase64url(part));
}
