/** What measuring a banner image found: its size, that it is over the limit, or nothing. */
export type ImageSize = { bytes: number } | { tooLarge: true } | null;

/**
 * Downloads the image as a reader's browser would and counts its bytes, stopping as soon as it
 * is past `limit` (the server never fetches it, so this is where its size is measured). Null when
 * it cannot be read: the host refuses cross-origin reads (CORS), cannot be reached, or has no such
 * file — the size is then unknown.
 */
export async function measureImage(
  url: string,
  limit: number,
  fetchImpl: typeof fetch = fetch,
): Promise<ImageSize> {
  try {
    const response = await fetchImpl(url, {
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    if (!response.ok || !response.body) return null;
    const reader = response.body.getReader();
    if (Number(response.headers.get('content-length')) > limit) {
      await reader.cancel();
      return { tooLarge: true };
    }
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes };
      bytes += value.byteLength;
      if (bytes > limit) {
        await reader.cancel();
        return { tooLarge: true };
      }
    }
  } catch {
    return null;
  }
}
