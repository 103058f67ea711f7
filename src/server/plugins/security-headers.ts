import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const TURNSTILE = 'https://challenges.cloudflare.com';

/** A strict CSP for the app: no inline script, nothing framed by others, no referrer leaks. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", TURNSTILE],
        frameSrc: [TURNSTILE],
        connectSrc: ["'self'", TURNSTILE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images from us, or VIP banners from the exact hosts the banner rule accepts.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...app.services.config.vipBannerHosts.map((h) => `https://${h}`),
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; a reverse proxy that terminates TLS should set it.
    strictTransportSecurity: false,
  });
});
