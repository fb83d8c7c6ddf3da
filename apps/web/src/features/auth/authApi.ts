import type { User } from '@kite/shared/contracts';
import { api } from '../../lib/api.ts';

/** The JSON-mode calls of /auth/ (api.md §1.2). Each rejects with an ApiError carrying Plane's error name. */
export type EmailStatus = 'MAGIC_CODE' | 'CREDENTIAL';

export const authApi = {
  emailCheck: (email: string) =>
    api.post<{ existing: boolean; status: EmailStatus }>('/auth/email-check/', { email }),
  signIn: (email: string, password: string) => api.post<User>('/auth/sign-in/', { email, password }),
  signUp: (body: { email: string; password: string; first_name?: string; last_name?: string }) =>
    api.post<User>('/auth/sign-up/', body),
  magicGenerate: (email: string) => api.post<{ key: string }>('/auth/magic-generate/', { email }),
  magicSignIn: (email: string, code: string) => api.post<User>('/auth/magic-sign-in/', { email, code }),
  magicSignUp: (email: string, code: string) => api.post<User>('/auth/magic-sign-up/', { email, code }),
  forgotPassword: (email: string) => api.post<{ message: string }>('/auth/forgot-password/', { email }),
  resetPassword: (uidb64: string, token: string, password: string) =>
    api.post<{ message: string }>(
      `/auth/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
      { password },
    ),
  setPassword: (password: string) => api.post<User>('/auth/set-password/', { password }),
  changePassword: (old_password: string, new_password: string) =>
    api.post<{ message: string }>('/auth/change-password/', { old_password, new_password }),
};
