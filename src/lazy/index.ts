/** Mini-programs load subpackages themselves; nothing to install. See index.h5.ts. */
export function installLazyPagePlaceholder(): void {}
