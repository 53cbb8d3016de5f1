import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { jsonLength } from './http/json-length.ts';
import { boundedBodies } from './http/body-limit.ts';
import { refuseBackslashPaths } from './http/backslash-paths.ts';
import { refuseNulPaths } from './http/nul-paths.ts';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { AppEnv } from './http/app-env.ts';
import { clearPublicPagesAfterWrites } from './cache/clear-public-pages.ts';
import type { AnswerReplay } from './cache/answer-replay.ts';
import { corsPolicy } from './http/cors-policy.ts';
import { HOSTED_WIDGET_ORIGINS } from './http/hosted-widget-origins.ts';
import { errorReportingRoutes } from './error-reporting/error-reporting-routes.ts';
import { framePolicy } from './http/frame-policy.ts';
import { securityHeaders } from './http/security-headers.ts';
import { HttpError } from './http/http-error.ts';
import { requestIdentity } from './http/request-id.ts';
import { httpMetrics } from './observability/http-metrics.ts';
import { healthRoutes } from './site/health-routes.ts';
import { metricsRoutes } from './site/metrics-routes.ts';
import { customDomainMessages, customDomainRedirect } from './http/product-hosts.ts';
import type { Logger } from './logger.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { apiTokenRoutes } from './accounts/api-token-routes.ts';
import { webhookRoutes } from './automation/webhook-routes.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { affiliateRoutes } from './billing/affiliate-routes.ts';
import { couponRoutes } from './billing/coupon-routes.ts';
import { referralCookie } from './http/referral-cookie.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { createBackupSource } from './backup/backup-source.ts';
import { audioRoutes } from './recordings/audio-routes.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { passwordRoutes } from './accounts/password-routes.ts';
import { commentRoutes } from './listening/comment-routes.ts';
import { customDomainRoutes } from './site/custom-domain-routes.ts';
import { feedbackRoutes } from './site/feedback-routes.ts';
import { handoffRoutes } from './hosts/handoff-routes.ts';
import { integrationRoutes } from './hosts/integration-routes.ts';
import { fileRoutes } from './site/file-routes.ts';
import { extensionSigningKey } from './hosts/chrome-extension-crx.ts';
import { chromeExtensionSelfHostingRoutes } from './hosts/chrome-extension-self-hosting.ts';
import { hostAppRoutes } from './hosts/host-app-routes.ts';
import { serverSecretMadeBy } from './common/server-secret.ts';
import { inboxRoutes } from './recordings/inbox-routes.ts';
import { listenPageRoutes } from './listening/listen-page-routes.ts';
import { listenRoutes } from './listening/listen-routes.ts';
import { folderRoutes } from './recordings/folder-routes.ts';
import { oembedRoutes } from './listening/oembed-routes.ts';
import { openApiRoutes } from './site/openapi-routes.ts';
import { personalisationRoutes } from './accounts/personalisation-routes.ts';
import { recordingRoutes } from './recordings/recording-routes.ts';
import { progressiveUploadRoutes } from './uploads/progressive-upload-routes.ts';
import { teamRoutes } from './teams/team-routes.ts';
import { transcriptionRoutes } from './recordings/transcription-routes.ts';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes.ts';
import { visitorRoutes } from './listening/visitor-routes.ts';
import { webRoutes } from './site/web-routes.ts';
import type { Services } from './services.ts';

/**
 * The whole HTTP surface on one origin: the API under /api, uploaded files under /files,
 * /health, and the web app for everything else. Custom domains serve the listen pages and
 * what they need; the rest of their paths redirect to the main origin.
 */
export function createApp(services: Services, logger: Logger, options: { adminToken: string; answerReplay?: AnswerReplay }) {
  const app = new Hono<AppEnv>();

  // Outermost: keeps listen-path answers as they leave, headers and all, for the server to send again.
  if (options.answerReplay) app.use(options.answerReplay.remember);

  app.use(requestIdentity({ trustProxy: services.config.trustProxy, logger }));
  // Inside the request id, so a request's timing includes everything else the app does for it.
  app.use(httpMetrics(services.metrics));

  // Any write may change a public listen payload: the cache forgets them all (src/cache/).
  app.use(clearPublicPagesAfterWrites(services.publicPages));
  app.use(customDomainRedirect(services.config));
  app.use(customDomainMessages(services.config, services));
  app.use(
    securityHeaders({
      publicUrl: services.config.publicUrl,
      fileUrl: services.storage.publicUrl('origin.png'),
      errorReportingOrigin: services.config.errorReporting.dsn?.origin ?? null,
    }),
  );
  app.use(framePolicy({ hostFrameAncestors: services.config.hostFrameAncestors }));
  app.use('/api/*', corsPolicy(services.config.corsOrigins, HOSTED_WIDGET_ORIGINS));
  // ?ref= on a page: the referral is counted and kept in a cookie (outside compression, like the headers above).
  app.use(
    referralCookie({
      affiliates: services.affiliates,
      secure: services.config.publicUrl.startsWith('https:'),
      trustProxy: services.config.trustProxy,
      logger,
    }),
  );
  // Text (pages, scripts, styles, JSON) goes compressed; audio, images and ranges do not. Last, so
  // it compresses before the middleware above add their headers: a compressed answer is a new
  // response, and headers set on the old one would be lost (src/http/response-headers.ts).
  app.use(compress());
  app.use(jsonLength());
  app.use(refuseBackslashPaths());
  app.use(refuseNulPaths());
  // Before any route reads a body, checks a token or looks up an id (issue 23, finding 1).
  app.use(boundedBodies());

  app.onError((error, context) => {
    if (error instanceof HttpError) {
      if ((error.status === 429 || error.status === 503) && typeof error.extra.retryAfter === 'number') {
        context.header('retry-after', String(error.extra.retryAfter));
      }
      return context.json({ msg: error.message, ...error.extra }, error.status);
    }
    if (error instanceof HTTPException) {
      return context.json({ msg: error.message || 'The request could not be handled' }, error.status);
    }
    const requestId = context.get('requestId');
    logger.error(`Unhandled error on ${context.req.method} ${context.req.path}`, {
      requestId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      // A failed query's own message names the statement only; the database's reason is its cause.
      cause: error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined,
    });
    // The matched route hides ids and tokens a path may hold; a wildcard route says nothing, so the path then.
    const route = routePath(context);
    services.errorReporter.captureRequestError(error, {
      method: context.req.method,
      route: route.includes('*') ? context.req.path : route,
      requestId,
      userId: context.get('user')?.id ?? null,
    });
    return context.json({ msg: `Something went wrong on our side (reference ${requestId}).` }, 500);
  });

  const api = new Hono<AppEnv>()
    .route('/', authRoutes(services))
    .route('/', passwordRoutes(services))
    .route('/', accountRoutes(services))
    .route('/', apiTokenRoutes(services))
    .route('/', webhookRoutes(services))
    .route('/', couponRoutes(services))
    .route('/', affiliateRoutes(services))
    .route('/', customDomainRoutes(services))
    .route('/', recordingRoutes(services))
    .route('/', progressiveUploadRoutes(services))
    .route('/', folderRoutes(services))
    .route('/', inboxRoutes(services))
    .route('/', personalisationRoutes(services))
    .route('/', feedbackRoutes(services))
    .route('/', errorReportingRoutes(services.config.errorReporting))
    .route('/', transcriptionRoutes(services))
    .route('/', unsubscribeRoutes(services))
    .route('/', audioRoutes(services))
    .route('/', commentRoutes(services))
    .route('/', listenRoutes(services))
    .route('/', visitorRoutes(services))
    .route('/', oembedRoutes(services))
    .route('/', handoffRoutes(services))
    .route('/', integrationRoutes(services))
    .route('/', billingRoutes(services))
    .route('/', teamRoutes(services))
    .route('/', openApiRoutes({ publicUrl: services.config.publicUrl, routes: () => app.routes }))
    .route(
      '/',
      adminRoutes(
        services.admin,
        options.adminToken,
        services.jobs.queue,
        createBackupSource({ db: services.db, dataDir: services.config.dataDir, storage: services.storage }),
        services.coupons,
      ),
    );
  app.route('/api', api);
  app.all('/api/*', (context) => context.json({ msg: `There is no ${context.req.method} ${context.req.path} in this API` }, 404));
  // Other methods on the web app's paths (a POST to a page): refused in JSON too, not Hono's plain text.
  app.notFound((context) => context.json({ msg: `There is no ${context.req.method} ${context.req.path} here` }, 404));

  app.route('/', healthRoutes(services));
  app.route('/', metricsRoutes(services.metrics, services.config.metricsToken));
  app.route('/', fileRoutes(services.storage, services.fileAccess, services.signedFiles));
  app.route(
    '/',
    listenPageRoutes({
      recordings: services.recordings,
      cards: services.previewCards,
      gonePages: services.gonePages,
      arriving: (id) => services.progressiveUploads.arriving(id),
      webDist: services.config.webDist,
      publicUrl: services.config.publicUrl,
    }),
  );
  app.route(
    '/',
    chromeExtensionSelfHostingRoutes({
      appsFolder: services.config.hostAppsFolder,
      publicUrl: services.config.publicUrl,
      signingKey: extensionSigningKey({
        keyFile: services.config.chromeExtensionKeyFile,
        storedKey: (make) => serverSecretMadeBy(services.db, 'chrome-extension-key', make),
      }),
    }),
  );
  app.route(
    '/',
    hostAppRoutes({
      appsFolder: services.config.hostAppsFolder,
      publicUrl: services.config.publicUrl,
      serveSourceMaps: services.config.serveSourceMaps,
      manifestSettings: {
        storagePublicUrl: services.config.storage.kind === 's3' ? services.config.storage.publicUrl : null,
        microsoftClientId: services.config.microsoft?.clientId ?? null,
      },
    }),
  );
  app.route('/', webRoutes(services.config.webDist, { serveSourceMaps: services.config.serveSourceMaps }));
  return app;
}

export type App = ReturnType<typeof createApp>;
