import type { SignUpBody, TokenPair, User } from '@skillroom/contract/types';
import { api } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

/** Signs in; a 401 means bad credentials and nothing is stored (spec §5). */
export async function signIn(username: string, password: string): Promise<void> {
  const pair = await api<TokenPair>('/login_check', { method: 'POST', body: { username, password }, public: true });
  storeTokens(pair);
}

export const signUp = (body: SignUpBody) => api<User>('/user', { method: 'POST', body, public: true });

export const requestPasswordReset = (email: string) => api<{ message: string }>(`/forgot_password/${encodeURIComponent(email)}`, { public: true });

export const resetPassword = (token: string, plainPassword: string) =>
  api<{ message: string }>('/reset_password', { method: 'POST', body: { token, plainPassword }, public: true });
