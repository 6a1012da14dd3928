import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// The system's provider: what MUI's own ThemeProvider renders for a theme without CSS variables
// (ours), without the CSS-variables provider it also bundles (about 3 kB gzip of the initial JS).
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from '@/app/router';
import { theme } from '@/app/theme';
import { ToastProvider } from '@/app/ToastProvider';

interface AppRootProps {
  emotionCache: EmotionCache;
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The portal's whole tree: rendered by the browser (src/main.tsx) and, for the public pages, by
 * the prerender (src/prerender/render.tsx), so the prerendered HTML is what the client hydrates.
 */
export function AppRoot({ emotionCache, queryClient, router }: AppRootProps) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
