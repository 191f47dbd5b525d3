import type { StateCreator } from 'zustand'

/** How long a toast stays up unless told otherwise (SPEC.md section 9). */
export const TOAST_DURATION_MS = 1500

export type ToastIcon = 'none' | 'success' | 'error'

export interface ToastState {
  status: boolean
  title: string
  icon: ToastIcon
  /** Milliseconds before it hides itself. */
  duration: number
}

export interface LoadingState {
  status: boolean
  title: string
}

/** The global toast {status, title} and loading {status, title} of SPEC.md section 2. */
export interface UiSlice {
  toast: ToastState
  loading: LoadingState
  showToast: (title: string, options?: { icon?: ToastIcon; duration?: number }) => void
  hideToast: () => void
  showLoading: (title?: string) => void
  hideLoading: () => void
}

export const initialUi = {
  toast: { status: false, title: '', icon: 'none', duration: TOAST_DURATION_MS } as ToastState,
  loading: { status: false, title: '' } as LoadingState,
}

export const createUiSlice: StateCreator<UiSlice, [], [], UiSlice> = (set) => ({
  ...initialUi,
  showToast: (title, options = {}) =>
    set({ toast: { status: true, title, icon: options.icon ?? 'none', duration: options.duration ?? TOAST_DURATION_MS } }),
  hideToast: () => set((s) => ({ toast: { ...s.toast, status: false } })),
  showLoading: (title = '加载中') => set({ loading: { status: true, title } }),
  hideLoading: () => set((s) => ({ loading: { ...s.loading, status: false } })),
})
