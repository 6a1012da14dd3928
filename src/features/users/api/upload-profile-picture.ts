import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@contract/users/paths';
import type { User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { storeUser } from './update-user';
import { fillPath } from '@contract/api';
import { USER_PATHS } from '@contract/users/paths';

/** What is wrong with a picture before it is sent, or null when it may be uploaded. */
export function profilePictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'The picture must be 2 MB or smaller.';
  return null;
}

/** PUT /v1/user/{userId}/profile-picture with the image itself as the body. */
function uploadProfilePicture({ userId, file }: { userId: number; file: Blob }): Promise<User> {
  return api<User>(fillPath(USER_PATHS.profilePicture, { userId }), { method: 'PUT', rawBody: file, fallback: 'Could not upload the picture' });
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: (user) => storeUser(queryClient, user) });
}
