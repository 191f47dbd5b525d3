/** Mini-program hosts give GCJ-02, what the maps service expects (see coords.ts). */
export const LOCATION_COORDS: 'wgs84' | 'gcj02' = 'gcj02'
