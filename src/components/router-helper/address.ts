import type { PageRoute } from './route'

/** Mini-programs have no address bar: nothing to rewrite. address.h5.ts does it on the web. */
export function replaceAddress(_route: PageRoute): void {}
