import { useMutation } from '@tanstack/react-query';
import { API_PREFIX } from '@contract/api';
import { MEDIA_NAME_HEADER, SHOP_MEDIA_MAX_BYTES, SHOP_MEDIA_TYPES, SHOP_PATHS } from '@contract/shops/paths';
import type { ShopMedia } from '@contract/shops/schemas';
import { ApiError, OFFLINE_MESSAGE } from '@/api/client';
import { errorText } from '@/api/error-text';
import { getToken } from '@/lib/session/token';

/** Why a chosen file cannot be a logo, or null. The server checks again (magic bytes). */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type === 'image/svg+xml') return 'SVG logos are not accepted (they can carry scripts): choose a PNG, JPEG or WebP image.';
  if (!(SHOP_MEDIA_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > SHOP_MEDIA_MAX_BYTES) return 'The logo must be 2 MB or smaller.';
  return null;
}

/**
 * POST /v1/shop-media: the cropped logo, kept for the shop that names it. XMLHttpRequest rather
 * than fetch: only it reports upload progress.
 */
function uploadShopLogo({ file, name, onProgress }: { file: Blob; name: string; onProgress?: (fraction: number) => void }): Promise<ShopMedia> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}${SHOP_PATHS.pendingMedia}`);
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader(MEDIA_NAME_HEADER, encodeURIComponent(name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(OFFLINE_MESSAGE, 0));
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: the error text rule uses the body as it is
      }
      if (request.status >= 200 && request.status < 300) resolve((body as { data: ShopMedia }).data);
      else reject(new ApiError(errorText(body, 'Could not upload the logo'), request.status));
    };
    request.send(file);
  });
}

export function useUploadShopLogo() {
  return useMutation({ mutationFn: uploadShopLogo, meta: { errorToast: false } });
}
