import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// Part of the key: signatures made under another purpose of the same secret never pass here.
const INFO = 'pasteshare image proxy v1';

/**
 * Signs the image addresses the server found in pastes, so the proxy fetches those and nothing
 * else (never an open proxy). The key comes from the site's sealing secret (MODERATION_KEY_SECRET,
 * or the file in DATA_DIR), which every instance of a site shares: a link signed by one instance
 * is served by any.
 */
export function createImageSigner(secret: () => Promise<string>) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= secret().then((s) => Buffer.from(hkdfSync('sha256', s, Buffer.alloc(0), INFO, 32)));
    return key;
  };
  const mac = async (url: string) =>
    createHmac('sha256', await keyOf())
      .update(url, 'utf8')
      .digest();

  return {
    sign: async (url: string): Promise<string> => (await mac(url)).toString('base64url'),
    verify: async (url: string, sig: string): Promise<boolean> => {
      const given = Buffer.from(sig, 'base64url');
      const expected = await mac(url);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** The proxy's address for an image (what replaces the link once the reader asks). */
    proxySrc: async (url: string): Promise<string> =>
      `/api/image-proxy?${new URLSearchParams({ url, sig: (await mac(url)).toString('base64url') })}`,
  };
}

export type ImageSigner = ReturnType<typeof createImageSigner>;
