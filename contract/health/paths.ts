/** The health check lives outside API_PREFIX (load balancers probe it without credentials). Zod-free. */
export const HEALTH_PATH = '/healthz' as const;
