/**
 * CLUSTER=1 (docs/deploy.md): this process is one of several behind one address, maybe on
 * other machines. A setting that only works on one machine is refused at start, with the
 * variable to set, rather than found out later as sessions, files or rooms that only one
 * process knows.
 */
export interface ClusterSettings {
  DATABASE_URL?: string;
  REDIS_URL?: string;
  JWT_SECRET?: string;
  CLIENT_CREDENTIAL?: string;
  VAPID_PUBLIC_KEY?: string;
  /** Push goes through Firebase Cloud Messaging (then the VAPID keys are not used). */
  fcm: boolean;
  /** Uploads and build artifacts would live in DATA_DIR on this machine's disk. */
  localFiles: boolean;
}

/** The first one-machine setting, as the one line the person starting the server reads; undefined when none. */
export function clusterProblem(settings: ClusterSettings): string | undefined {
  if (!settings.DATABASE_URL) return 'CLUSTER=1: set DATABASE_URL (the embedded PGlite database belongs to one process on one disk).';
  if (!settings.REDIS_URL) return 'CLUSTER=1: set REDIS_URL (chat rooms, live notifications and rate limits cross processes through Redis).';
  if (!settings.JWT_SECRET) return 'CLUSTER=1: set JWT_SECRET (every process must check sessions with the same secret; a generated one stays in one DATA_DIR).';
  if (!settings.CLIENT_CREDENTIAL) return 'CLUSTER=1: set CLIENT_CREDENTIAL (every process must accept the credential the portal pages carry).';
  if (!settings.VAPID_PUBLIC_KEY && !settings.fcm) {
    return 'CLUSTER=1: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (push subscriptions are bound to one key pair; `npx web-push generate-vapid-keys` makes one).';
  }
  if (settings.localFiles) return 'CLUSTER=1: set S3_URL (uploads and build artifacts in DATA_DIR are on one machine; the others would answer 404).';
  return undefined;
}
