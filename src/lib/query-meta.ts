/**
 * What queries and mutations may say about themselves in `meta`; read by the query client
 * (src/app/query-client.ts) and the session (src/lib/session/session.ts).
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** `false` keeps a query out of localStorage (anything user-secret or payment related). */
      persist?: boolean;
      /**
       * `true` marks catalogue data that is the same for every visitor (plans, super-categories):
       * it survives login and logout; every other query is per-user and is removed when a session
       * starts or ends.
       */
      public?: boolean;
      /** A failure of this query (other than being offline) logs the user out: the current user's profile. */
      endsSessionOnError?: boolean;
    };
    mutationMeta: {
      /**
       * `false` when the mutation shows its own error (inline on the page): the query client
       * then does not toast it as well.
       */
      errorToast?: boolean;
    };
  }
}

export {};
