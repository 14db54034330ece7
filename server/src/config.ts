/**
 * The server's configuration, read once from the environment at start. Tests build a config with
 * `loadConfig({...})` (an env-shaped object) or `testConfig`-style overrides, so nothing else reads process.env.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileKind, FileLimits } from '@tessera/sdk/rules';
import type { JobsConfig } from './jobs/queue.js';

type Environment = 'development' | 'production' | 'test';

export type DatabaseConfig =
  /** `readThreads`: worker threads for costly reads (db/read-pool.ts); 0 runs every read on the main thread. */
  | { client: 'sqlite'; filename: string; readThreads?: number }
  /** `schema` isolates a database inside a shared PostgreSQL (tests use one per file). */
  | { client: 'pg'; url: string; schema?: string };

/** `points` attempts per `duration` seconds; over it, callers wait `blockDuration` seconds (defaults to the rest of the window). */
export interface RateLimitRule {
  points: number;
  duration: number;
  blockDuration?: number;
}

export interface RateLimitConfig {
  /** Failed logins per email and IP address. */
  login: RateLimitRule;
  /** Failed logins per IP address, whatever the email. */
  loginIp: RateLimitRule;
  /** Failed logins per account, whatever the address (ASVS 6.3: about 100 an hour at most). */
  loginAccount: RateLimitRule;
  /** Uploads (suggestions with images) per learner membership. */
  memberUploads: RateLimitRule;
  signUp: RateLimitRule;
  confirmEmail: RateLimitRule;
  resendConfirmation: RateLimitRule;
  forgotPassword: RateLimitRule;
  resetPassword: RateLimitRule;
  finishRegistration: RateLimitRule;
  /** Embed sessions minted per integration client (features/embed-sessions). */
  embedSessions: RateLimitRule;
  /** Single sign-on sign-ins started per address (features/sso: each one reads the provider's discovery). */
  ssoStart: RateLimitRule;
  /** SCIM requests per SCIM token (features/scim): far above what Okta or Entra ID send, a bound on a runaway client. */
  scim: RateLimitRule;
}

export type RateLimitName = keyof RateLimitConfig;

/** Argon2id cost. OWASP's minimum for argon2id is m=19456 KiB, t=2, p=1. */
export interface PasswordHashConfig {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, Ceph, R2...). */
  endpoint?: string;
  /** Without keys the SDK's default credential chain applies (instance roles, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix of the bucket. */
  prefix?: string;
}

/** Local disk under `root` (default DATA_DIR/media), or an S3-compatible bucket. */
type StorageConfig = { driver: 'local'; root?: string } | S3StorageConfig;

interface MediaConfig {
  storage: StorageConfig;
  /** Upload limits, answered by GET /api/config and enforced on upload (sizes in KB of 1000 bytes). */
  limits: FileLimits;
  /** How many images are decoded at once, whatever the number of requests (the others queue). */
  imageConcurrency: number;
}

export interface ServerConfig {
  env: Environment;
  /** True when started with --demo: seeds the demo organization on an empty database. */
  demo: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  database: DatabaseConfig;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  /** Prefix of the rate-limit keys in Redis (processes of one deployment share it). */
  rateLimitPrefix: string;
  /** Origins (besides the server's own) allowed to call /api and load /widgets. */
  allowedOrigins: string[];
  /** Signs ALTCHA challenges and provider cookies. Required in production; otherwise kept in DATA_DIR/secrets.json. */
  secret?: string;
  /** The provider's signing keys as a JWKS JSON string; otherwise kept in DATA_DIR/secrets.json. */
  oidcJwks?: string;
  rateLimits: RateLimitConfig;
  passwordHash: PasswordHashConfig;
  /** Hashes computed at once (default: one less than the cores, at least one). */
  passwordHashConcurrency: number;
  /**
   * `refreshGraceSeconds`: how long after a rotation the same refresh token answers the same new pair again
   * (oidc/rotation-grace.ts) instead of counting as a replay that revokes the login.
   * `pageRefreshTokenTtl`: the sliding lifetime of a refresh token issued to a page on another origin (a partner
   * page embedding the widgets): each refresh renews it, never past `refreshTokenTtl` after the login.
   */
  tokens: { accessTokenTtl: number; refreshTokenTtl: number; pageRefreshTokenTtl: number; refreshGraceSeconds: number };
  /** How long an embed session's token may be exchanged (features/embed-sessions), in seconds. */
  embedSessionTtl: number;
  captcha: { maxNumber: number; ttlSeconds: number };
  /** Largest JSON or form body, in bytes. */
  bodyLimit: number;
  portalDist: string;
  widgetsDist: string;
  logLevel: string;
  /** `json` (one JSON object a line, from the first line on) or `pretty` (for people reading a terminal). */
  logFormat: 'json' | 'pretty';
  /** Trust X-Forwarded-* headers (behind a load balancer), and a request id it sends in X-Request-Id. */
  trustProxy: boolean;
  /**
   * Prometheus metrics (http/metrics.ts): `port` serves them on a listener of their own (METRICS_PORT, on
   * METRICS_HOST), `token` at `/metrics` of the main port behind `Authorization: Bearer <token>` (METRICS_TOKEN).
   * Neither: no metrics are served (`/metrics` is a 404).
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** How long a shutdown answers readiness 503 while still serving, before it stops accepting and drains. */
  shutdownDelayMs: number;
  /** How often expired tokens, captcha records and grants are deleted. */
  purgeIntervalMs: number;
  /** How often stored files that no row references are deleted (features/media/orphans.ts); 0: never. */
  orphanSweepIntervalMs: number;
  /** How often assignment reminders are looked for (features/knowledge-checks/reminders.ts). */
  reminderIntervalMs: number;
  /** The background job queue (jobs/queue.ts): attempts, backoff, leases, polling. */
  jobs: JobsConfig;
  webhooks: WebhooksConfig;
  /**
   * Single sign-on (features/sso): `allowInsecureProviders` lets an issuer or SAML endpoint be http:// or on a
   * loopback or private address (a provider on the same machine). On in development and tests; in production only
   * with SSO_ALLOW_INSECURE_PROVIDERS=1.
   */
  sso: { allowInsecureProviders: boolean };
  media: MediaConfig;
}

/** Outgoing webhooks (features/webhooks/delivery.ts, ARCHITECTURE.md#webhooks). */
export interface WebhooksConfig {
  /**
   * Hosts (names or addresses, ALLOWED_WEBHOOK_HOSTS) an endpoint may reach over http and on a private, loopback or
   * link-local address: a developer's receiver on localhost. Empty in production unless configured.
   */
  allowedHosts: string[];
  /** The waits before each retry of a failed delivery (WEBHOOK_RETRY_SCHEDULE, seconds); after the last, it failed. */
  retryDelaysMs: number[];
  /** An endpoint whose deliveries have failed this long without a success is disabled and its masters emailed. */
  disableAfterMs: number;
  /** How long an attempt may take, from connecting to the answer's end (WEBHOOK_TIMEOUT_MS, at most half the job lease). */
  timeoutMs: number;
  /** How long a rotated secret keeps signing beside the new one. */
  rotationOverlapMs: number;
}

/**
 * Standard Webhooks' suggested schedule, stretched to about three days: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
 * 20 h, 21 h: the last attempt comes 72.6 hours after the first, past the three days that disable an endpoint.
 */
const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 21 * 3600];

function retrySchedule(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return WEBHOOK_RETRY_SCHEDULE_SECONDS.map((seconds) => seconds * 1000);
  const delays = raw.split(',').map((part) => Number(part.trim()));
  if (delays.some((delay) => !Number.isFinite(delay) || delay < 0))
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of seconds, got "${raw}".`);
  return delays.map((seconds) => Math.round(seconds * 1000));
}

export type Env = Record<string, string | undefined>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  login: { points: 5, duration: MINUTE },
  loginIp: { points: 50, duration: 10 * MINUTE },
  loginAccount: { points: 100, duration: HOUR },
  memberUploads: { points: 20, duration: 10 * MINUTE },
  signUp: { points: 10, duration: 10 * MINUTE },
  confirmEmail: { points: 20, duration: 10 * MINUTE },
  resendConfirmation: { points: 5, duration: 10 * MINUTE },
  forgotPassword: { points: 10, duration: 10 * MINUTE },
  resetPassword: { points: 10, duration: 10 * MINUTE },
  finishRegistration: { points: 10, duration: 10 * MINUTE },
  embedSessions: { points: 600, duration: MINUTE },
  ssoStart: { points: 30, duration: MINUTE },
  scim: { points: 36_000, duration: MINUTE },
};

/** Images at least 800 x 450 (also the crop size); sizes in KB per kind (openapi Config schema). */
export const DEFAULT_MEDIA_LIMITS: FileLimits = {
  image: { min_width: 800, min_height: 450, max_width: 6000, max_height: 6000 },
  file_sizes: {
    image: { min_size: 1, max_size: 10_000 },
    thumbnail: { min_size: 1, max_size: 5_000 },
    pdf: { min_size: 1, max_size: 50_000 },
    video: { min_size: 10, max_size: 2_000_000 },
    audio: { min_size: 1, max_size: 200_000 },
    // A video's WebVTT captions: text, so 1 MB holds hours of subtitles.
    caption: { min_size: 0, max_size: 1_000 },
    // A question bank to import: Moodle XML carries its images as base64.
    question_bank: { min_size: 0, max_size: 20_000 },
  },
};

export const DEFAULT_PASSWORD_HASH: PasswordHashConfig = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** The workspace folder of this package: src/ and dist/ both sit one level below it. */
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}".`);
  return value;
}

function logFormat(raw: string | undefined): 'json' | 'pretty' {
  if (raw === undefined || raw === '' || raw === 'json') return 'json';
  if (raw === 'pretty') return 'pretty';
  throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${raw}".`);
}

/** A bearer token guessed by nobody: at least 32 characters. */
function metricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters.');
  return raw;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

function environment(raw: string | undefined): Environment {
  if (raw === 'production' || raw === 'test') return raw;
  return 'development';
}

const RATE_LIMIT_ENV: Record<RateLimitName, string> = {
  login: 'RATE_LIMIT_LOGIN',
  loginIp: 'RATE_LIMIT_LOGIN_IP',
  loginAccount: 'RATE_LIMIT_LOGIN_ACCOUNT',
  memberUploads: 'RATE_LIMIT_MEMBER_UPLOADS',
  signUp: 'RATE_LIMIT_SIGN_UP',
  confirmEmail: 'RATE_LIMIT_CONFIRM_EMAIL',
  resendConfirmation: 'RATE_LIMIT_RESEND_CONFIRMATION',
  forgotPassword: 'RATE_LIMIT_FORGOT_PASSWORD',
  resetPassword: 'RATE_LIMIT_RESET_PASSWORD',
  finishRegistration: 'RATE_LIMIT_FINISH_REGISTRATION',
  embedSessions: 'RATE_LIMIT_EMBED_SESSIONS',
  ssoStart: 'RATE_LIMIT_SSO_START',
  scim: 'RATE_LIMIT_SCIM',
};

/** `RATE_LIMIT_LOGIN=5/60` means 5 attempts per 60 seconds. */
function rateLimits(env: Env): RateLimitConfig {
  const limits = structuredClone(DEFAULT_RATE_LIMITS);
  for (const [name, variable] of Object.entries(RATE_LIMIT_ENV) as [RateLimitName, string][]) {
    const raw = env[variable];
    if (!raw) continue;
    const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
    if (!match) throw new ConfigError(`${variable} must look like "points/seconds", got "${raw}".`);
    limits[name] = { points: Number(match[1]), duration: Number(match[2]) };
  }
  return limits;
}

const UPLOAD_SIZE_ENV: Record<FileKind, string> = {
  image: 'UPLOAD_SIZE_IMAGE',
  thumbnail: 'UPLOAD_SIZE_THUMBNAIL',
  pdf: 'UPLOAD_SIZE_PDF',
  video: 'UPLOAD_SIZE_VIDEO',
  audio: 'UPLOAD_SIZE_AUDIO',
  caption: 'UPLOAD_SIZE_CAPTION',
  question_bank: 'UPLOAD_SIZE_QUESTION_BANK',
};

/** `WIDTHxHEIGHT` of an image size variable, both at least 1. */
function dimensions(env: Env, variable: string): { width: number; height: number } | undefined {
  const raw = env[variable];
  if (!raw) return undefined;
  const match = /^(\d+)x(\d+)$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) throw new ConfigError(`${variable} must look like "800x450", got "${raw}".`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * `UPLOAD_SIZE_VIDEO=10/4000000` means 10 KB to 4 GB; `IMAGE_MIN_SIZE=1024x576` the least image dimensions,
 * `IMAGE_MAX_SIZE=8000x8000` the largest.
 */
function mediaLimits(env: Env): FileLimits {
  const limits = structuredClone(DEFAULT_MEDIA_LIMITS);
  for (const [kind, variable] of Object.entries(UPLOAD_SIZE_ENV) as [FileKind, string][]) {
    const raw = env[variable];
    if (!raw) continue;
    const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
    if (!match || Number(match[2]) < 1 || Number(match[1]) > Number(match[2])) throw new ConfigError(`${variable} must look like "minKB/maxKB", got "${raw}".`);
    limits.file_sizes[kind] = { min_size: Number(match[1]), max_size: Number(match[2]) };
  }
  const least = dimensions(env, 'IMAGE_MIN_SIZE');
  if (least) Object.assign(limits.image, { min_width: least.width, min_height: least.height });
  const largest = dimensions(env, 'IMAGE_MAX_SIZE');
  if (largest) Object.assign(limits.image, { max_width: largest.width, max_height: largest.height });
  if (limits.image.max_width < limits.image.min_width || limits.image.max_height < limits.image.min_height) {
    throw new ConfigError('IMAGE_MAX_SIZE must be at least IMAGE_MIN_SIZE.');
  }
  return limits;
}

function storage(env: Env): StorageConfig {
  if (!env.S3_BUCKET) return { driver: 'local', root: env.MEDIA_DIR ? resolve(env.INIT_CWD ?? process.cwd(), env.MEDIA_DIR) : undefined };
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: env.S3_PREFIX?.replace(/^\/+|\/+$/g, '') || undefined,
  };
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { client: 'pg', url, schema: env.DATABASE_SCHEMA || undefined };
  if (url) throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).');
  const filename = resolve(dataDir, 'tessera.sqlite');
  return env.SQLITE_READ_THREADS ? { client: 'sqlite', filename, readThreads: integer(env, 'SQLITE_READ_THREADS', 0) } : { client: 'sqlite', filename };
}

/** The example intranet (examples/intranet) runs on port 4000 during development. */
const DEVELOPMENT_ORIGINS = ['http://localhost:4000', 'http://127.0.0.1:4000'];

export function loadConfig(env: Env = process.env, options: { demo?: boolean } = {}): ServerConfig {
  const nodeEnv = environment(env.NODE_ENV);
  const port = integer(env, 'PORT', 3000);
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(baseDir, env.DATA_DIR || './data');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const demo = options.demo ?? false;
  const configuredOrigins = list(env.ALLOWED_ORIGINS);
  const allowedOrigins = nodeEnv === 'production' && !demo ? configuredOrigins : [...new Set([...configuredOrigins, ...DEVELOPMENT_ORIGINS])];
  const leaseSeconds = Math.max(5, integer(env, 'JOB_LEASE_SECONDS', 2 * MINUTE));

  const config: ServerConfig = {
    env: nodeEnv,
    demo,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    publicUrl,
    database: database(env, dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Tessera <no-reply@tessera.local>',
    redisUrl: env.REDIS_URL || undefined,
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || 'tessera',
    allowedOrigins,
    secret: env.TESSERA_SECRET || undefined,
    oidcJwks: env.OIDC_JWKS || undefined,
    rateLimits: rateLimits(env),
    passwordHash: {
      memoryCost: integer(env, 'ARGON2_MEMORY_COST', DEFAULT_PASSWORD_HASH.memoryCost),
      timeCost: integer(env, 'ARGON2_TIME_COST', DEFAULT_PASSWORD_HASH.timeCost),
      parallelism: integer(env, 'ARGON2_PARALLELISM', DEFAULT_PASSWORD_HASH.parallelism),
    },
    passwordHashConcurrency: integer(env, 'ARGON2_CONCURRENCY', Math.max(1, availableParallelism() - 1)) || 1,
    tokens: {
      accessTokenTtl: integer(env, 'ACCESS_TOKEN_TTL', HOUR),
      refreshTokenTtl: integer(env, 'REFRESH_TOKEN_TTL', 30 * DAY),
      pageRefreshTokenTtl: integer(env, 'PAGE_REFRESH_TOKEN_TTL', 8 * HOUR),
      refreshGraceSeconds: integer(env, 'REFRESH_GRACE_SECONDS', 5),
    },
    embedSessionTtl: integer(env, 'EMBED_SESSION_TTL_SECONDS', MINUTE),
    captcha: { maxNumber: integer(env, 'CAPTCHA_MAX_NUMBER', 100_000), ttlSeconds: 10 * MINUTE },
    bodyLimit: integer(env, 'BODY_LIMIT', 100_000),
    portalDist: resolve(env.PORTAL_DIST || resolve(serverRoot, '../portal/dist')),
    widgetsDist: resolve(env.WIDGETS_DIST || resolve(serverRoot, '../widgets/dist')),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    logFormat: logFormat(env.LOG_FORMAT),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metrics: {
      port: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0) : null,
      host: env.METRICS_HOST || '127.0.0.1',
      token: metricsToken(env.METRICS_TOKEN),
    },
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', nodeEnv === 'production' ? 5000 : 0),
    purgeIntervalMs: integer(env, 'PURGE_INTERVAL_MS', 10 * MINUTE * 1000),
    orphanSweepIntervalMs: integer(env, 'ORPHAN_SWEEP_INTERVAL_MS', HOUR * 1000),
    reminderIntervalMs: Math.max(1000, integer(env, 'REMINDER_INTERVAL_MS', 15 * MINUTE * 1000)),
    jobs: {
      maxAttempts: Math.max(1, integer(env, 'JOB_MAX_ATTEMPTS', 12)),
      retryDelaySeconds: Math.max(1, integer(env, 'JOB_RETRY_DELAY_SECONDS', 2)),
      leaseSeconds,
      pollMs: Math.max(50, integer(env, 'JOB_POLL_MS', 500)),
      batchSize: Math.max(1, integer(env, 'JOB_BATCH_SIZE', 50)),
    },
    webhooks: {
      allowedHosts: list(env.ALLOWED_WEBHOOK_HOSTS).map((host) => host.toLowerCase()),
      retryDelaysMs: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
      disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_SECONDS', 3 * DAY) * 1000,
      // A job that outlives its lease is taken again while it still runs: an attempt ends within half of it.
      timeoutMs: Math.min(Math.max(1, integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000)), leaseSeconds * 500),
      rotationOverlapMs: DAY * 1000,
    },
    sso: { allowInsecureProviders: nodeEnv !== 'production' || env.SSO_ALLOW_INSECURE_PROVIDERS === '1' || env.SSO_ALLOW_INSECURE_PROVIDERS === 'true' },
    media: {
      storage: storage(env),
      limits: mediaLimits(env),
      imageConcurrency: integer(env, 'IMAGE_CONCURRENCY', Math.max(1, availableParallelism() - 1)) || 1,
    },
  };
  return config;
}

/** Production hashes passwords at least at OWASP's argon2id minimum (also checked by `cli create-owner`). */
export function assertPasswordCost(config: ServerConfig): void {
  if (config.env !== 'production') return;
  const weak = config.passwordHash.memoryCost < DEFAULT_PASSWORD_HASH.memoryCost || config.passwordHash.timeCost < DEFAULT_PASSWORD_HASH.timeCost;
  if (weak) throw new ConfigError('Argon2 cost below m=19456, t=2 is not allowed in production.');
}

/** Refuses settings that would make a production server unsafe (checked by createApp, not by the CLI). */
export function assertUsable(config: ServerConfig): void {
  if (config.env === 'production' && !config.demo && (!config.secret || config.secret.length < 32)) {
    throw new ConfigError('TESSERA_SECRET must be set to at least 32 random characters in production.');
  }
  assertPasswordCost(config);
  if (config.tokens.accessTokenTtl < 1 || config.tokens.refreshTokenTtl < config.tokens.accessTokenTtl) {
    throw new ConfigError('REFRESH_TOKEN_TTL must be at least ACCESS_TOKEN_TTL, and both positive.');
  }
  if (config.embedSessionTtl < 1) throw new ConfigError('EMBED_SESSION_TTL_SECONDS must be at least 1.');
  if (config.tokens.pageRefreshTokenTtl < config.tokens.accessTokenTtl || config.tokens.pageRefreshTokenTtl > config.tokens.refreshTokenTtl) {
    throw new ConfigError('PAGE_REFRESH_TOKEN_TTL must lie between ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL.');
  }
}
