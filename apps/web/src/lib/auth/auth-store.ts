import type { CompanyDetails, User } from '@vatlas/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MessageRef } from '../i18n/message';
import { clearInternalToken, STORAGE_KEYS, saveInternalToken, saveSelectedCompanyId } from '../storage/token-storage';

/** Which error screen a failure belongs to (spec §2 "Loading and error screens"). */
export type AuthErrorKind = 'connection' | 'sign-in' | 'company' | 'session';

/** Spec §3 "Auth state", plus the bookkeeping the screens need. */
export type AuthState = {
  token: string | null;
  user: User | null;
  selectedCompanyId: string | null;
  selectedCompanyDetails: CompanyDetails | null;
  error: MessageRef | null;
  errorKind: AuthErrorKind | null;
  isLoading: boolean;
  loadingMessage: MessageRef;
  isAuthenticated: boolean;
  isNavigatingToNewCompany: boolean;
  /** A non-blocking message for the signed-in user (e.g. a 403 on a company endpoint). */
  notice: MessageRef | null;
};

export type AuthActions = {
  setLoading: (loadingMessage: MessageRef) => void;
  setToken: (token: string) => void;
  setUser: (user: User) => void;
  selectCompany: (companyId: string | null) => void;
  setCompanyDetails: (details: CompanyDetails | null) => void;
  setError: (error: MessageRef, kind: AuthErrorKind) => void;
  finishLoading: () => void;
  setNotice: (notice: MessageRef | null) => void;
  setNavigatingToNewCompany: (isNavigating: boolean) => void;
  /** Forgets the session: tokens in every storage, the user and the company selection. */
  clearSession: (error?: MessageRef) => void;
};

/** The fields spec §3 persists under `auth-store`; nothing else (no user, no personal data) is written. */
export type PersistedAuthState = Pick<AuthState, 'token' | 'selectedCompanyId' | 'isNavigatingToNewCompany'>;

const initialState: AuthState = {
  token: null,
  user: null,
  selectedCompanyId: null,
  selectedCompanyDetails: null,
  error: null,
  errorKind: null,
  isLoading: true,
  loadingMessage: { key: 'loading.initializingAuthentication' },
  isAuthenticated: false,
  isNavigatingToNewCompany: false,
  notice: null,
};

export const useAuthStore = create<AuthState & AuthActions>()(
  persist(
    (set) => ({
      ...initialState,
      setLoading: (loadingMessage) => set({ isLoading: true, loadingMessage }),
      setToken: (token) => {
        saveInternalToken(token);
        set({ token });
      },
      setUser: (user) => set({ user, isAuthenticated: true, error: null, errorKind: null }),
      selectCompany: (companyId) => {
        saveSelectedCompanyId(companyId);
        set((state) => ({
          selectedCompanyId: companyId,
          selectedCompanyDetails:
            state.selectedCompanyDetails?.companyId === companyId ? state.selectedCompanyDetails : null,
        }));
      },
      setCompanyDetails: (selectedCompanyDetails) => set({ selectedCompanyDetails }),
      setError: (error, errorKind) => set({ error, errorKind, isLoading: false }),
      finishLoading: () => set({ isLoading: false }),
      setNotice: (notice) => set({ notice }),
      setNavigatingToNewCompany: (isNavigatingToNewCompany) => set({ isNavigatingToNewCompany }),
      clearSession: (error) => {
        clearInternalToken();
        saveSelectedCompanyId(null);
        set({
          ...initialState,
          isLoading: false,
          error: error ?? null,
          errorKind: error ? 'session' : null,
        });
      },
    }),
    {
      name: STORAGE_KEYS.authStore,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAuthState => ({
        token: state.token,
        selectedCompanyId: state.selectedCompanyId,
        isNavigatingToNewCompany: state.isNavigatingToNewCompany,
      }),
    },
  ),
);

export type AuthStore = typeof useAuthStore;

/** For tests: the state a fresh page load starts from. */
export const getInitialAuthState = (): AuthState => ({ ...initialState });
