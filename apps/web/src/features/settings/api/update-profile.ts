import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UpdateUserRequest, type UserProfile, userProfileSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

/** PATCH /api/v1/User/{id}: the signed-in person's own first and last name. */
export function updateProfile(http: HttpClient, userId: string, changes: UpdateUserRequest): Promise<UserProfile> {
  return http.request(apiPaths.updateUser(userId), { method: 'PATCH', body: changes, schema: userProfileSchema });
}

/** Saves the profile; the user in the store follows, so every screen showing the name agrees at once. */
export function useUpdateProfile() {
  const { http } = useAuthServices();
  return useMutation({
    mutationFn: ({ userId, changes }: { userId: string; changes: UpdateUserRequest }) =>
      updateProfile(http, userId, changes),
    onSuccess: (profile) => {
      const user = useAuthStore.getState().user;
      if (user && user.userId === profile.userId) {
        useAuthStore.setState({ user: { ...user, firstName: profile.firstName, lastName: profile.lastName } });
      }
    },
  });
}
