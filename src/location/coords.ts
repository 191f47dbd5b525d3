/**
 * The coordinate system to ask the host for. Browsers only give GPS (WGS-84) coordinates; the
 * maps service expects GCJ-02, but the few hundred metres between them do not change a province.
 * The mini-program builds ask for GCJ-02 (coords.weapp.ts, coords.alipay.ts).
 */
export const LOCATION_COORDS: 'wgs84' | 'gcj02' = 'wgs84'
