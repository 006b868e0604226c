/**
 * The form of the tokens the API hands out to be sent back (list cursors, sync tokens): JSON as
 * base64url, so a client treats them as opaque strings and they travel in a URL unescaped.
 */
export const encodeOpaqueToken = (payload: unknown): string =>
  Buffer.from(JSON.stringify(payload)).toString('base64url');

/**
 * What a token made by `encodeOpaqueToken` holds; undefined for anything longer than `maxLength` or
 * not one. Base64 decoding skips what does not make a whole byte, so a token with a character added
 * would read as the one it was made from: only the exact spelling `encodeOpaqueToken` gives is one.
 */
export const decodeOpaqueToken = (token: string, maxLength: number): unknown => {
  if (token.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.toString('base64url') !== token) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
};
