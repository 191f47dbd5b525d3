/**
 * The shared interface pieces of SPEC.md section 2, one folder each. Import from here or from
 * the folder; the gallery page (pages/dev/gallery, non-production builds) shows them all.
 * RegionPicker (with the country's regions, ~35 KB gzipped) and ParcelTimeline are imported from
 * their folders only, so they load with the pages that use them and never with this index.
 */
export { default as Page, StoreToast, StoreLoading, goBack, PAGE_BACKGROUND, SHOW_TEST_BADGE } from './page'
export type { PageProps, BarTextStyle } from './page'
export { default as Toast } from './toast'
export { NO_ANSWER_TEXT, toastIfNoAnswer } from './toast/no-answer'
export type { ToastProps, ToastIcon } from './toast'
export { default as LoadingOverlay, LOADING_TITLE } from './loading-overlay'
export type { LoadingOverlayProps } from './loading-overlay'
export { default as LoadingIndicator, LOADING_INDICATOR_COLOR } from './loading-indicator'
export type { LoadingIndicatorProps, LoadingIndicatorMode } from './loading-indicator'
export { default as LoadMore, LOAD_MORE_TEXTS } from './load-more'
export type { LoadMoreProps, LoadMoreStatus } from './load-more'
export { default as SelectPicker, PICKER_PLACEHOLDER } from './select-picker'
export type { SelectPickerProps, PickerItem } from './select-picker'
export { default as MultiSelectPicker } from './multi-select-picker'
export type { MultiSelectPickerProps } from './multi-select-picker'
export { default as CategoryPicker, categoryIndexes } from './category-picker'
export type { CategoryPickerProps } from './category-picker'
export { default as Dialog, DIALOG_DEFAULTS, DIALOG_LABEL_MAX, cutLabel } from './dialog'
export type { DialogProps } from './dialog'
export { default as ConfirmButton, CONFIRM_BUTTON_TITLES } from './confirm-button'
export type { ConfirmButtonProps, ConfirmButtonVariant, ConfirmButtonFormType } from './confirm-button'
export { default as TextInput, INPUT_PLACEHOLDER, BLUR_CLEAR_MS } from './text-input'
export type { TextInputProps, TextInputType } from './text-input'
export { default as CodeInput, CODE_COUNTDOWN_SECONDS, CODE_INPUT_DEFAULTS, codeButtonText, sendVerify } from './code-input'
export type { CodeInputProps, SendVerify } from './code-input'
export { default as QrCodeDialog, QR_HINT } from './qr-code-dialog'
export type { QrCodeDialogProps } from './qr-code-dialog'
export { default as EmptyNotice, EMPTY_TEXT, emptyNoticeShown } from './empty-notice'
export type { EmptyNoticeProps, EmptyNoticeType } from './empty-notice'
export { default as Spacer, SPACER_SIZE } from './spacer'
export type { SpacerProps } from './spacer'
export { default as HeightSpacer, HEIGHT_SPACER_HEIGHT } from './height-spacer'
export type { HeightSpacerProps } from './height-spacer'
export {
  currentRoute,
  useRoute,
  replaceQuery,
  rememberRoute,
  useRememberRoute,
  snapshotOf,
  buildQueryString,
  makeRoute,
  toPageRoute,
} from './router-helper'
export type { PageRoute, QueryValue, ReplaceQueryOptions } from './router-helper'
export { default as SharePoster, SHARE_POSTER_TEXTS } from './share-poster'
export type { SharePosterProps } from './share-poster'
export { default as LoadState } from './load-state'
export type { LoadStateProps, LoadStatus } from './load-state'
export { documentHtml } from './rich-document'
export { default as ImagePicker, previewImages } from './image-picker'
export type { ImagePickerProps, DraftImage } from './image-picker'
